import { html, startFixtureSite } from './fixture-server.js';
import type {
  FixtureHandler,
  FixtureSite,
  SiteRequest,
} from './fixture-server.js';

/**
 * A site built to hang, poison or stall a crawl (issue 28), on 127.0.0.1: each case a
 * page, all linked from the start page, with what the suite asserts of them named here.
 */

/** About 2.7 KB: PostgreSQL's unique index refused a URL this long as its key. */
export const LONG_FROM_START = `/long-start/${'a'.repeat(2_700)}`;
export const LONG_FROM_DEEPER = `/long-deeper/${'b'.repeat(2_700)}`;
/** A page name that a raw Markdown writer turns into an image. */
export const MARKDOWN_PATH = '/x![img](https://evil.example/t.png)';
/** Right-to-left override, embeddings, isolates and marks: spoofed text in a title. */
export const BIDI_TITLE =
  'Invoice \u202Egpj.exe\u202C \u202A\u202B\u202D \u2066\u2067\u2068x\u2069 \u200E\u200F\u061C';
/** 4 MB of text in one element: under the 5 MB body cap, so read whole. */
export const HUGE = 4 * 1024 * 1024;
export const MANY_LINKS = 100_000;

/** Every path the start page links to, but the long and Markdown ones. */
export const LINKED = [
  '/deeper',
  '/huge-title',
  '/huge-description',
  '/huge-anchors',
  '/loop1',
  '/bidi',
];

/** A page whose text carries U+0000 and, in invalid UTF-8, raw 0x00 bytes. */
function nulPage(title: string, links: string[]): Buffer {
  return Buffer.concat([
    Buffer.from(
      `<!doctype html><html><head><title>${title}\u0000 nul</title>` +
        `<meta name="description" content="with \u0000 in it"></head><body>` +
        links
          .map((l) => `<a href="${l}">to\u0000${l.slice(0, 20)}</a> `)
          .join(''),
    ),
    // Invalid UTF-8 around raw NULs: a lone continuation byte, 0xFF, then NULs.
    Buffer.from([0x80, 0xff, 0x00, 0x00, 0xc3, 0x00]),
    Buffer.from('<p>after the bytes</p></body></html>'),
  ]);
}

function page(title: string, body = ''): string {
  return `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
}

export interface HostileSite {
  site: FixtureSite;
  requests: SiteRequest[];
  /** A start page that answers after `slowMs`: longer than the page timeout. */
  slowStart: string;
  /** A start page whose every link is slow, to delete an audit while it runs. */
  slowCrawl: string;
  close(): Promise<void>;
}

export async function startHostileSite(slowMs: number): Promise<HostileSite> {
  const requests: SiteRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, then: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
  };
  const huge = 'T'.repeat(HUGE);
  const routes: Record<string, FixtureHandler> = {
    '/': (_q, r) =>
      html(
        r,
        nulPage('Hostile start', [LONG_FROM_START, MARKDOWN_PATH, ...LINKED]),
      ),
    // The long URL before the many links: placed first in their wave, within max_pages.
    '/deeper': (_q, r) =>
      html(r, nulPage('Deeper', [LONG_FROM_DEEPER, '/many-links'])),
    '/huge-title': (_q, r) => html(r, page(huge)),
    '/huge-description': (_q, r) =>
      html(
        r,
        `<!doctype html><html><head><title>Huge description</title><meta name="description" content="${huge}"></head><body></body></html>`,
      ),
    '/huge-anchors': (_q, r) =>
      html(
        r,
        page(
          'Huge anchors',
          ['/', '/bidi', '/deeper']
            .map((to) => `<a href="${to}">${'A'.repeat(HUGE / 3)}</a>`)
            .join(''),
        ),
      ),
    '/many-links': (_q, r) =>
      html(
        r,
        page(
          'Many links',
          Array.from(
            { length: MANY_LINKS },
            (_, i) => `<a href="/m/${i}">${i}</a>`,
          ).join(''),
        ),
      ),
    '/loop1': (_q, r) => {
      r.writeHead(301, { location: '/loop2' });
      r.end();
    },
    '/loop2': (_q, r) => {
      r.writeHead(301, { location: '/loop1' });
      r.end();
    },
    '/bidi': (_q, r) =>
      html(
        r,
        `<!doctype html><html><head><title>${BIDI_TITLE}</title><meta name="description" content="${BIDI_TITLE}"></head><body><a href="/">${BIDI_TITLE}</a></body></html>`,
      ),
    // No title: listed by the gate's title assertion under its name.
    [MARKDOWN_PATH]: (_q, r) =>
      html(r, '<!doctype html><html><head></head><body><p>x</p></body></html>'),
    '/slow-start': (_q, r) => later(slowMs, () => html(r, page('Too late'))),
    '/slow-crawl': (_q, r) =>
      html(
        r,
        page(
          'Slow crawl',
          Array.from(
            { length: 20 },
            (_, i) => `<a href="/slow/${i}">${i}</a>`,
          ).join(''),
        ),
      ),
  };
  for (let i = 0; i < 20; i++) {
    routes[`/slow/${i}`] = (_q, r) =>
      later(slowMs, () => html(r, page(`Slow ${i}`)));
  }
  const site = await startFixtureSite(routes, { requests });
  return {
    site,
    requests,
    slowStart: site.url('/slow-start'),
    slowCrawl: site.url('/slow-crawl'),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await site.close();
    },
  };
}

/**
 * robots.txt of 4,000 wildcard rules (about 467 KB, under the 512 KiB cap) and a start
 * page of 10 links with 1,500-character paths: a backtracking matcher spends seconds
 * on each decision.
 */
export function hostileRobotsTxt(): string {
  const lines = ['User-agent: *'];
  for (let i = 0; i < 4_000; i++) {
    lines.push(`Disallow: /${'*a'.repeat(50)}*b${i}$`);
  }
  return `${lines.join('\n')}\n`;
}

export const LONG_PATHS = Array.from(
  { length: 10 },
  (_, i) => `/${i}${'a'.repeat(1_500)}`,
);

export async function startHostileRobotsSite(): Promise<FixtureSite> {
  const robots = hostileRobotsTxt();
  const routes: Record<string, FixtureHandler> = {
    '/robots.txt': (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/plain' });
      r.end(robots);
    },
    '/': (_q, r) =>
      html(
        r,
        page(
          'Hostile robots.txt',
          LONG_PATHS.map((p, i) => `<a href="${p}">${i}</a>`).join(''),
        ),
      ),
  };
  for (const path of LONG_PATHS) {
    routes[path] = (_q, r) => html(r, page(`Long ${path.length}`));
  }
  return startFixtureSite(routes);
}

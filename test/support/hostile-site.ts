import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
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

/** The crawler traps of the trap site, each linked from its start page. */
export const TRAPS = [
  '/calendar?month=0',
  '/session?sid=0',
  '/drip',
  '/never',
  '/storm/429',
  '/storm/503',
  '/bomb',
] as const;

/** Decoded size of the compression bomb: far past the 5 MB body cap, 64 KB on the wire. */
const BOMB_BYTES = 64 * 1024 * 1024;

/**
 * A site of crawler traps on 127.0.0.1: a calendar and session ids that make URLs
 * without end, a page that drips a byte a second and one that never answers, 429 and
 * 503 storms, and a gzip bomb. Requests are logged in `requests`.
 */
export async function startTrapSite(): Promise<{
  site: FixtureSite;
  requests: SiteRequest[];
  close(): Promise<void>;
}> {
  const requests: SiteRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const held: ServerResponse[] = [];
  const bomb = gzipSync(Buffer.alloc(BOMB_BYTES, ' '));
  let session = 0;
  const query = (req: IncomingMessage, name: string) =>
    new URL(req.url ?? '/', 'http://trap').searchParams.get(name);
  const storm = (status: number) => (_q: IncomingMessage, r: ServerResponse) =>
    html(r, page(`Busy ${status}`), { 'retry-after': '1' }, status);
  const routes: Record<string, FixtureHandler> = {
    '/': (_q, r) =>
      html(
        r,
        page('Traps', TRAPS.map((t) => `<a href="${t}">${t}</a>`).join(' ')),
      ),
    '/calendar': (q, r) => {
      const month = Number(query(q, 'month') ?? 0);
      html(
        r,
        page(
          `Month ${month}`,
          `<a href="/calendar?month=${month + 1}">next</a> <a href="/calendar?month=${month - 1}">previous</a>`,
        ),
      );
    },
    '/session': (_q, r) =>
      html(
        r,
        page(
          'Session',
          `<a href="/session?sid=${++session}">on</a> <a href="/session?sid=${++session}">again</a>`,
        ),
      ),
    '/drip': (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      r.write('<!doctype html><title>Drip</title>');
      const timer = setInterval(() => r.write(' '), 1_000);
      timers.add(timer);
      r.on('close', () => {
        clearInterval(timer);
        timers.delete(timer);
      });
    },
    '/never': (_q, r) => void held.push(r),
    '/storm/429': storm(429),
    '/storm/503': storm(503),
    '/bomb': (_q, r) => {
      r.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
      });
      r.end(bomb);
    },
  };
  const site = await startFixtureSite(routes, { requests });
  return {
    site,
    requests,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const res of held) res.destroy();
      await site.close();
    },
  };
}

import { html, startFixtureSite } from './fixture-server.js';
import type { FixtureHandler, FixtureSite } from './fixture-server.js';

/**
 * A site in two versions, `before` and `after`, between which ten kinds of change
 * were made, each on a page of its own; every other page is the same in both. Set
 * `version` between two audits.
 */
export interface DiffFixtureSite extends FixtureSite {
  version: 'before' | 'after';
}

interface Head {
  title?: string;
  description?: string | null;
  canonical?: string;
  noindex?: boolean;
  hreflang?: Array<[lang: string, path: string]>;
}

/** The paths where the changes are, by what changed there. */
export const CHANGED = {
  title: '/title',
  noindex: '/noindex',
  canonical: '/canonical',
  notFound: '/will-404',
  redirect: '/will-redirect',
  added: '/added',
  removed: '/removed',
  brokenLink: '/links',
  brokenTarget: '/missing',
  hreflang: '/hreflang',
  description: '/description',
} as const;

/** A title a spreadsheet would run as a formula, were it not neutralised. */
export const FORMULA_TITLE = '=HYPERLINK("http://evil.example/","Click")';

export async function startDiffFixtureSite(): Promise<DiffFixtureSite> {
  let origin = '';
  const state = { version: 'before' as 'before' | 'after' };
  const after = () => state.version === 'after';
  const page = (head: Head, links: string[] = [], text = '') => {
    const abs = (p: string) => `${origin}${p}`;
    const parts = [
      `<meta charset="utf-8"><title>${head.title ?? 'A page'}</title>`,
      head.description === null
        ? ''
        : `<meta name="description" content="${head.description ?? 'What this page of the fixture is about.'}">`,
      head.canonical
        ? `<link rel="canonical" href="${abs(head.canonical)}">`
        : '',
      head.noindex ? '<meta name="robots" content="noindex">' : '',
      ...(head.hreflang ?? []).map(
        ([lang, p]) =>
          `<link rel="alternate" hreflang="${lang}" href="${abs(p)}">`,
      ),
    ].join('');
    const anchors = links
      .map((p, i) => `<a href="${abs(p)}">link ${i}</a>`)
      .join(' ');
    return `<!doctype html><html lang="en"><head>${parts}</head><body><p>${text || 'Some text.'}</p>${anchors}</body></html>`;
  };
  const at =
    (build: () => string): FixtureHandler =>
    (_req, res) =>
      html(res, build());
  const routes: Record<string, FixtureHandler> = {
    '/': at(() =>
      page({ title: 'Home' }, [
        CHANGED.title,
        CHANGED.noindex,
        CHANGED.canonical,
        '/other',
        CHANGED.notFound,
        CHANGED.redirect,
        after() ? CHANGED.added : CHANGED.removed,
        CHANGED.brokenLink,
        CHANGED.hreflang,
        '/fr',
        '/de',
        CHANGED.description,
        '/formula',
      ]),
    ),
    [CHANGED.title]: at(() =>
      page({ title: after() ? 'The new title' : 'The old title' }),
    ),
    [CHANGED.noindex]: at(() =>
      page({ title: 'Soon noindex', noindex: after() }),
    ),
    [CHANGED.canonical]: at(() =>
      page({
        title: 'Canonical',
        canonical: after() ? '/other' : CHANGED.canonical,
      }),
    ),
    '/other': at(() => page({ title: 'Other' })),
    [CHANGED.notFound]: (_req, res) =>
      after()
        ? html(res, '<!doctype html><title>Gone</title>', {}, 404)
        : html(res, page({ title: 'Still here' })),
    [CHANGED.redirect]: (_req, res) => {
      if (!after()) {
        html(res, page({ title: 'Not moved yet' }));
        return;
      }
      res.writeHead(301, { location: `${origin}/other` });
      res.end();
    },
    [CHANGED.added]: at(() => page({ title: 'Added' })),
    [CHANGED.removed]: at(() => page({ title: 'Removed' })),
    [CHANGED.brokenLink]: at(() =>
      page(
        { title: 'Links' },
        after() ? ['/other', CHANGED.brokenTarget] : ['/other'],
      ),
    ),
    [CHANGED.hreflang]: at(() =>
      page({
        title: 'Hreflang',
        hreflang: [
          ['en', CHANGED.hreflang],
          after() ? ['de', '/de'] : ['fr', '/fr'],
        ],
      }),
    ),
    '/fr': at(() => page({ title: 'French' })),
    '/de': at(() => page({ title: 'German' })),
    [CHANGED.description]: at(() =>
      page({
        title: 'Description',
        description: after() ? null : 'A description that will go.',
      }),
    ),
    '/formula': at(() =>
      page({ title: FORMULA_TITLE, description: '+1 555 0100, call now' }),
    ),
  };
  const site = await startFixtureSite(routes);
  origin = site.origin;
  return Object.defineProperty(site, 'version', {
    get: () => state.version,
    set: (value: 'before' | 'after') => (state.version = value),
    enumerable: true,
  }) as DiffFixtureSite;
}

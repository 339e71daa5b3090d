import { html, startFixtureSite } from './fixture-server.js';
import type {
  FixtureHandler,
  FixtureSite,
  SiteRequest,
} from './fixture-server.js';

/**
 * A site whose pages declare their canonicals in every written form, each a copy of
 * the page it names (a target no page links to), and three pages that fail as sites
 * fail: a connection reset, no answer, a 500. In version `after` each copy names
 * another target written in the same form: a canonical move a diff must see.
 */
export interface CanonicalFormsSite extends FixtureSite {
  version: 'before' | 'after';
  requests: SiteRequest[];
  /** Ends the requests held by /hang. */
  release(): void;
}

/** A copy and the canonical it writes, by written form; `target` is where it resolves. */
export interface CanonicalForm {
  form: string;
  page: string;
  /** The href as written, `{origin}` and `{authority}` standing for the site's. */
  written: (version: 'before' | 'after') => string;
  target: (version: 'before' | 'after') => string;
  /** Declared in a `Link` header rather than a tag. */
  header?: boolean;
  /** The page's `<base href>`, if any. */
  base?: string;
}

const suffix = (version: 'before' | 'after') =>
  version === 'before' ? 'target' : 'moved';

export const CANONICAL_FORMS: readonly CanonicalForm[] = [
  {
    form: 'absolute',
    page: '/abs',
    written: (v) => `{origin}/abs-${suffix(v)}`,
    target: (v) => `/abs-${suffix(v)}`,
  },
  {
    form: 'path',
    page: '/path',
    written: (v) => `/path-${suffix(v)}`,
    target: (v) => `/path-${suffix(v)}`,
  },
  {
    form: 'relative path',
    page: '/docs/rel',
    written: (v) => `rel-${suffix(v)}`,
    target: (v) => `/docs/rel-${suffix(v)}`,
  },
  {
    form: 'scheme-relative',
    page: '/scheme',
    written: (v) => `//{authority}/scheme-${suffix(v)}`,
    target: (v) => `/scheme-${suffix(v)}`,
  },
  {
    form: 'upper-case scheme',
    page: '/upper',
    written: (v) => `HTTP://{authority}/upper-${suffix(v)}`,
    target: (v) => `/upper-${suffix(v)}`,
  },
  {
    form: 'with a fragment',
    page: '/frag',
    written: (v) => `/frag-${suffix(v)}#section-2`,
    target: (v) => `/frag-${suffix(v)}`,
  },
  {
    form: 'relative to <base href>',
    page: '/based/page',
    base: '/elsewhere/',
    written: (v) => `base-${suffix(v)}`,
    target: (v) => `/elsewhere/base-${suffix(v)}`,
  },
  {
    form: 'a path in the Link header',
    page: '/header',
    header: true,
    written: (v) => `/header-${suffix(v)}`,
    target: (v) => `/header-${suffix(v)}`,
  },
];

/** Pages whose canonical is broken, redirects or chains, each written as a path. */
export const CANONICAL_FAULTS = {
  broken: { page: '/to-broken', target: '/gone' },
  redirect: { page: '/to-redirect', target: '/moved', to: '/moved-final' },
  chain: { page: '/to-chain', target: '/chain-mid', end: '/chain-end' },
} as const;

/** A copy naming by its path an original that is linked too: both crawled, one indexable. */
export const LINKED_COPY = {
  page: '/linked-copy',
  original: '/linked-original',
} as const;

/** Pages that fail as a site fails: each must be requested once. */
export const FAILING = {
  reset: '/reset',
  hang: '/hang',
  error: '/error500',
} as const;

/** Enough distinct words that a copy is a duplicate_content candidate (at least 20 words). */
function textOf(topic: string): string {
  return `This page explains ${topic} in enough words for the audit to weigh its text: it lists each step, says why it matters, what to check afterwards and where to read more about ${topic} and the things near it.`;
}

export async function startCanonicalFormsSite(): Promise<CanonicalFormsSite> {
  let origin = '';
  let authority = '';
  const state = { version: 'before' as 'before' | 'after' };
  const requests: SiteRequest[] = [];
  const held: Array<() => void> = [];
  const fill = (written: string) =>
    written.replace('{origin}', origin).replace('{authority}', authority);
  const page = (o: {
    title: string;
    topic: string;
    canonical?: string[];
    base?: string;
    links?: string[];
  }) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    (o.base ? `<base href="${o.base}">` : '') +
    `<title>${o.title}</title><meta name="description" content="All about ${o.topic}.">` +
    (o.canonical ?? [])
      .map((href) => `<link rel="canonical" href="${href}">`)
      .join('') +
    `</head><body><h1>${o.title}</h1><p>${textOf(o.topic)}</p>` +
    (o.links ?? [])
      .map((href, i) => `<a href="${origin}${href}">link ${i}</a>`)
      .join(' ') +
    `</body></html>`;
  const at = (
    build: () => string,
    headers: () => Record<string, string> = () => ({}),
  ) => ((_req, res) => html(res, build(), headers())) as FixtureHandler;

  const routes: Record<string, FixtureHandler> = {
    '/': at(() =>
      page({
        title: 'Home',
        topic: 'the home page',
        canonical: [`${origin}/`],
        links: [
          ...CANONICAL_FORMS.map((f) => f.page),
          ...Object.values(CANONICAL_FAULTS).map((f) => f.page),
          '/self-path',
          '/conflict',
          LINKED_COPY.page,
          LINKED_COPY.original,
          ...Object.values(FAILING),
        ],
      }),
    ),
    '/self-path': at(() =>
      page({
        title: 'A page naming itself by its path',
        topic: 'a canonical written as its own path',
        canonical: ['/self-path'],
      }),
    ),
    '/conflict': at(() =>
      page({
        title: 'Two canonicals that disagree',
        topic: 'canonicals that disagree',
        canonical: ['/conflict-one', 'conflict-two'],
      }),
    ),
    [FAILING.reset]: (req) => {
      req.socket.destroy();
    },
    [FAILING.hang]: () =>
      new Promise<void>((resolve) => {
        held.push(resolve);
      }),
    [FAILING.error]: (_req, res) =>
      html(res, '<!doctype html><title>Error</title><p>Broken.</p>', {}, 500),
  };

  for (const form of CANONICAL_FORMS) {
    const topic = `the ${form.form} canonical`;
    const title = `The page of the ${form.form} canonical`;
    routes[form.page] = at(
      () =>
        page({
          title,
          topic,
          base: form.base,
          canonical: form.header ? [] : [fill(form.written(state.version))],
        }),
      (): Record<string, string> =>
        form.header
          ? { link: `<${fill(form.written(state.version))}>; rel="canonical"` }
          : {},
    );
    // Both versions' targets answer: the same copy, naming itself.
    for (const version of ['before', 'after'] as const) {
      const target = form.target(version);
      routes[target] = at(() =>
        page({ title, topic, canonical: [`${origin}${target}`] }),
      );
    }
  }

  const copied = {
    title: 'The original of a copy',
    topic: 'a copy and its linked original',
  };
  routes[LINKED_COPY.page] = at(() =>
    page({ ...copied, canonical: [LINKED_COPY.original] }),
  );
  routes[LINKED_COPY.original] = at(() =>
    page({ ...copied, canonical: [`${origin}${LINKED_COPY.original}`] }),
  );

  const { broken, redirect, chain } = CANONICAL_FAULTS;
  routes[broken.page] = at(() =>
    page({
      title: 'A canonical to a missing page',
      topic: 'a canonical naming a page that is gone',
      canonical: [broken.target],
    }),
  );
  routes[redirect.page] = at(() =>
    page({
      title: 'A canonical to a redirect',
      topic: 'a canonical naming a redirect',
      canonical: [redirect.target.slice(1)],
    }),
  );
  routes[redirect.target] = (_req, res) => {
    res.writeHead(301, { location: redirect.to }).end();
  };
  routes[redirect.to] = at(() =>
    page({
      title: 'Where the redirect ends',
      topic: 'the end of a redirect',
      canonical: [`${origin}${redirect.to}`],
    }),
  );
  routes[chain.page] = at(() =>
    page({
      title: 'A canonical to a page with a canonical',
      topic: 'the first link of a canonical chain',
      canonical: [chain.target],
    }),
  );
  routes[chain.target] = at(() =>
    page({
      title: 'The middle of a chain',
      topic: 'the middle of a canonical chain',
      canonical: [`.${chain.end}`],
    }),
  );
  routes[chain.end] = at(() =>
    page({
      title: 'The end of a chain',
      topic: 'the end of a canonical chain',
      canonical: [`//${authority}${chain.end}`],
    }),
  );

  const site = await startFixtureSite(routes, { requests });
  origin = site.origin;
  authority = new URL(origin).host;
  return {
    ...site,
    requests,
    get version() {
      return state.version;
    },
    set version(version) {
      state.version = version;
    },
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
    close: async () => {
      for (const resolve of held.splice(0)) resolve();
      await site.close();
    },
  };
}

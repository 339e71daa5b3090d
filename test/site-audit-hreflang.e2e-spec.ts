import { HREFLANG_CHECKS } from '../src/analysis/site/hreflang.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { affectedBy, runAudit } from './support/site-audits.js';
import type { AuditBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * hreflang sets judged end to end: a site of four languages (en, fr, de, es), each page
 * naming all four and x-default, with exactly one defect of each kind seeded: a missing
 * return link, an invalid code, an alternate that redirects, one that is noindex. Each
 * is found by its check on the page that declares it, and nothing else; a site without
 * hreflang has no hreflang finding at all.
 */

type Alternates = Array<[lang: string, path: string]>;

/** An HTML page naming its alternates and linking to the other languages. */
function page(
  site: () => FixtureSite,
  alternates: Alternates,
  options: { noindex?: boolean; links?: string[] } = {},
): FixtureHandler {
  return (_req, res) => {
    const head = [
      ...alternates.map(
        ([lang, path]) =>
          `<link rel="alternate" hreflang="${lang}" href="${site().url(path)}">`,
      ),
      options.noindex ? '<meta name="robots" content="noindex">' : '',
    ].join('');
    const links = (options.links ?? [])
      .map((path) => `<a href="${path}">${path}</a>`)
      .join(' ');
    html(
      res,
      `<!doctype html><html lang="en"><head><title>Page ${alternates.length}</title>${head}</head><body><h1>Hello</h1><p>${links}</p></body></html>`,
    );
  };
}

const LANGUAGES = ['/en/', '/fr/', '/de/', '/es/'];

/** What every page of the set names when nothing is wrong. */
const SOUND: Alternates = [
  ['en', '/en/'],
  ['fr', '/fr/'],
  ['de', '/de/'],
  ['es', '/es/'],
  ['x-default', '/en/'],
];

/** The sound set with one entry replaced, added or left out. */
const replacing = (lang: string, entry: [string, string] | null): Alternates =>
  SOUND.flatMap(([l, p]) =>
    l === lang ? (entry === null ? [] : [entry]) : [[l, p] as [string, string]],
  );

async function startHreflangSite(): Promise<FixtureSite> {
  // Read at request time, once the site listens.
  const self = () => site;
  const links = { links: LANGUAGES };
  const site: FixtureSite = await startFixtureSite({
    '/en/': page(self, SOUND, links),
    // An invalid code: the United Kingdom is GB.
    '/fr/': page(self, replacing('en', ['en-UK', '/en/']), links),
    // Leaves out French (/fr/ gets no return link) and names a Mexican page that is noindex.
    '/de/': page(self, [...replacing('fr', null), ['es-MX', '/es-mx/']], links),
    // The one page naming a pair: it names /de/ back and itself.
    '/es-mx/': page(
      self,
      [
        ['de', '/de/'],
        ['es-MX', '/es-mx/'],
      ],
      { noindex: true },
    ),
    // Names as x-default the root, which redirects to /en/.
    '/es/': page(self, replacing('x-default', ['x-default', '/']), links),
    '/': (_req, res) => {
      res.writeHead(301, { location: '/en/' });
      res.end();
    },
  });
  return site;
}

/** The site without hreflang: its handlers read it at request time. */
let plain: FixtureSite;

async function startPlainSite(): Promise<FixtureSite> {
  return startFixtureSite({
    '/': page(() => plain, [], { links: ['/a', '/b', '/old'] }),
    '/a': page(() => plain, [], { links: ['/'] }),
    '/b': page(() => plain, [], { links: ['/a'] }),
    '/old': (_req, res) => {
      res.writeHead(301, { location: '/a' });
      res.end();
    },
  });
}
describe('hreflang sets in a site audit', () => {
  let t: TestApp;
  let key: string;
  let site: FixtureSite;
  let audit: AuditBody;

  beforeAll(async () => {
    site = await startHreflangSite();
    plain = await startPlainSite();
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount());
    audit = await runAudit(t.as(key), { url: site.url('/en/') });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await plain?.close();
  });

  const findings = async (auditId: number, check: string) =>
    (await affectedBy(t.as(key), auditId, check)).map(({ url, value }) => ({
      url,
      value,
    }));

  it('finds each seeded defect with its check on the page that declares it, and no other hreflang finding', async () => {
    expect(audit.status).toBe('completed');
    const found = Object.fromEntries(
      await Promise.all(
        HREFLANG_CHECKS.map(
          async (check) =>
            [check.id, await findings(audit.id, check.id)] as const,
        ),
      ),
    );
    expect(found).toEqual({
      hreflang_no_return: [
        {
          url: site.url('/fr/'),
          value: [{ lang: 'de', url: site.url('/de/') }],
        },
      ],
      hreflang_invalid_code: [
        {
          url: site.url('/fr/'),
          value: [
            {
              lang: 'en-UK',
              url: site.url('/en/'),
              reason: 'unknown region "UK"',
            },
          ],
        },
      ],
      hreflang_bad_target: [
        {
          url: site.url('/de/'),
          value: [
            {
              lang: 'es-MX',
              url: site.url('/es-mx/'),
              status_code: 200,
              redirect_to: null,
              reason: 'noindex',
            },
          ],
        },
        {
          url: site.url('/es/'),
          value: [
            {
              lang: 'x-default',
              url: site.url('/'),
              status_code: 301,
              redirect_to: site.url('/en/'),
              reason: 'redirect',
            },
          ],
        },
      ],
      hreflang_no_self: [],
      hreflang_conflict: [],
    });
    expect(audit.issues).toMatchObject({
      hreflang_no_return: 1,
      hreflang_invalid_code: 1,
      hreflang_bad_target: 2,
    });
  });

  it('lists the bad alternates by target: each once, with its answer and every page naming it', async () => {
    const targets = (
      await t
        .as(key)
        .get(
          `/api/v1/site-audits/${audit.id}/issues/hreflang_bad_target/targets`,
        )
        .expect(200)
    ).body.data as unknown[];
    expect(targets).toEqual([
      {
        url: site.url('/'),
        status_code: 301,
        error: null,
        redirect_to: site.url('/en/'),
        reason: 'redirect',
        sources: [site.url('/es/')],
      },
      {
        url: site.url('/es-mx/'),
        status_code: 200,
        error: null,
        redirect_to: null,
        reason: 'noindex',
        sources: [site.url('/de/')],
      },
    ]);
  });

  it('finds nothing of hreflang on a site without it', async () => {
    const clean = await runAudit(t.as(key), { url: plain.url('/') });
    expect(clean.status).toBe('completed');
    for (const check of HREFLANG_CHECKS) {
      expect([check.id, await findings(clean.id, check.id)]).toEqual([
        check.id,
        [],
      ]);
      expect([check.id, clean.issues?.[check.id] ?? 0]).toEqual([check.id, 0]);
    }
  });
});

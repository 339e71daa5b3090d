import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { paragraph, paragraphs, seededRandom } from './support/prose.js';
import { affectedBy, runAudit } from './support/site-audits.js';
import type { AuditBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * Near-duplicate content judged end to end: a site of one template (banner, menu, a
 * sidebar of some 300 words, footer) where a guide is published three times, once more
 * with another date and sidebar and once with a paragraph rewritten, beside two
 * distinct articles under the same sidebar and an exact copy of one of them. The three
 * guides are one cluster; the distinct articles are no near duplicates, however much
 * sidebar they share, and the exact copy is left to duplicate_content.
 */

const random = seededRandom(2046);
const SIDEBAR = paragraphs(random, 6).join(' ');
const OTHER_SIDEBAR = paragraphs(random, 6).join(' ');
const GUIDE = paragraphs(random, 30);
const FIRST = paragraphs(random, 3);
const SECOND = paragraphs(random, 3);

const PATHS = [
  '/guide',
  '/guide-2026',
  '/guide-copy',
  '/first',
  '/second',
  '/first-print',
];

/** A page of the site's template around its article. */
function page(
  article: string[],
  sidebar = SIDEBAR,
  date = '28 November 2026',
): FixtureHandler {
  const menu = PATHS.map((path) => `<a href="${path}">${path}</a>`).join(' ');
  return (_req, res) =>
    html(
      res,
      `<!doctype html><html lang="en"><head><title>${article[0].slice(0, 30)}</title></head><body>` +
        `<header>The Example Gazette</header><nav>${menu}</nav>` +
        `<article><p>Published on ${date}.</p>${article.map((p) => `<p>${p}</p>`).join('')}</article>` +
        `<aside>${sidebar}</aside><footer>© The Example Gazette</footer></body></html>`,
    );
}

function startNearDuplicateSite(): Promise<FixtureSite> {
  const rewritten = [...GUIDE];
  rewritten[14] = paragraph(random, 2);
  return startFixtureSite({
    '/': page(['Welcome to the gazette.']),
    '/guide': page(GUIDE),
    '/guide-2026': page(GUIDE, OTHER_SIDEBAR, '3 December 2026'),
    '/guide-copy': page(rewritten),
    '/first': page(FIRST),
    '/second': page(SECOND),
    '/first-print': page(FIRST),
  });
}

describe('near-duplicate content in a site audit', () => {
  let t: TestApp;
  let key: string;
  let site: FixtureSite;
  let audit: AuditBody;

  beforeAll(async () => {
    site = await startNearDuplicateSite();
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount());
    audit = await runAudit(t.as(key), { url: site.url('/') });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const findings = async (check: string) =>
    (await affectedBy(t.as(key), audit.id, check)).map(({ url, value }) => ({
      url,
      value,
    }));

  it('reports the three guides as one cluster, each with its similarity to the first', async () => {
    expect(audit.status).toBe('completed');
    const found = (await findings('near_duplicate')) as Array<{
      url: string;
      value: { similarity: number; pages: number; others: string[] };
    }>;
    expect(
      found.map(({ url, value }) => [url, value.pages, value.others]),
    ).toEqual([
      [
        site.url('/guide'),
        3,
        [site.url('/guide-2026'), site.url('/guide-copy')],
      ],
      [
        site.url('/guide-2026'),
        3,
        [site.url('/guide'), site.url('/guide-copy')],
      ],
      [
        site.url('/guide-copy'),
        3,
        [site.url('/guide'), site.url('/guide-2026')],
      ],
    ]);
    for (const { value } of found) {
      expect(value.similarity).toBeGreaterThanOrEqual(0.9);
      expect(value.similarity).toBeLessThanOrEqual(1);
    }
    expect(audit.issues?.near_duplicate).toBe(3);
  });

  it('leaves distinct articles under one sidebar alone, and exact copies to duplicate_content', async () => {
    expect((await findings('duplicate_content')).map((f) => f.url)).toEqual([
      site.url('/first'),
      site.url('/first-print'),
    ]);
  });
});

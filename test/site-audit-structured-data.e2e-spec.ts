import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import {
  affectedBy,
  publicSharePage,
  runAudit,
} from './support/site-audits.js';
import type { AuditBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

/**
 * Structured data across a site: each page's types kept as a page fact and counted per
 * type for the audit (the API and the share page), broken and ineligible items found on
 * their pages. The site: a home page with a breadcrumb, two complete articles, a product
 * without offers, reviews or ratings (no rich result), a page whose JSON-LD is broken.
 */

const ARTICLE = (title: string) => ({
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: title,
  image: ['https://127.0.0.1/photo.jpg'],
  datePublished: '2026-01-05T08:00:00+08:00',
  dateModified: '2026-02-05T09:20:00+08:00',
  author: [
    { '@type': 'Person', name: 'Jane Doe', url: 'https://127.0.0.1/jane' },
  ],
});

function page(
  title: string,
  jsonLd: string,
  links: string[] = [],
): FixtureHandler {
  return (_req, res) =>
    html(
      res,
      `<!doctype html><html lang="en"><head><title>${title}</title>${jsonLd}</head><body><h1>${title}</h1><p>${links
        .map((path) => `<a href="${path}">${path}</a>`)
        .join(' ')}</p></body></html>`,
    );
}

const script = (data: unknown) =>
  `<script type="application/ld+json">${typeof data === 'string' ? data : JSON.stringify(data)}</script>`;

async function startSite(): Promise<FixtureSite> {
  return startFixtureSite({
    '/': page(
      'Home',
      script({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          {
            '@type': 'ListItem',
            position: 1,
            name: 'Home',
            item: 'https://127.0.0.1/',
          },
        ],
      }),
      ['/a', '/b', '/product', '/broken', '/plain'],
    ),
    '/a': page('Article A', script(ARTICLE('Article A')), ['/']),
    '/b': page('Article B', script(ARTICLE('Article B')), ['/']),
    '/product': page(
      'Product',
      script({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Kettle',
      }),
      ['/'],
    ),
    '/broken': page(
      'Broken',
      script('{"@context": "https://schema.org", "@type": "Article",'),
      ['/'],
    ),
    '/plain': page('Plain', '', ['/']),
  });
}

describe('structured data in a site audit', () => {
  let t: TestApp;
  let key: string;
  let site: FixtureSite;
  let audit: AuditBody;

  beforeAll(async () => {
    site = await startSite();
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount());
    audit = await runAudit(t.as(key), { url: site.url('/') });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('counts the pages carrying each type, the most carried first', () => {
    expect(audit.status).toBe('completed');
    expect(audit.structured_data).toEqual([
      { type: 'Article', pages: 2 },
      { type: 'BreadcrumbList', pages: 1 },
      { type: 'Product', pages: 1 },
    ]);
  });

  it('finds the broken block and the product that cannot show as a rich result on their pages', async () => {
    const urls = async (check: string) =>
      (await affectedBy(t.as(key), audit.id, check)).map(({ url }) => url);
    expect(await urls('structured_data_invalid')).toEqual([
      site.url('/broken'),
    ]);
    const ineligible = await affectedBy(
      t.as(key),
      audit.id,
      'rich_result_ineligible',
    );
    expect(ineligible.map(({ url }) => url)).toEqual([site.url('/product')]);
    expect(JSON.stringify(ineligible[0].value)).toContain('offers');
  });

  it('lists the types on the share page', async () => {
    const text = await publicSharePage(t.as(key), t.anonymous(), audit.id);
    expect(text).toContain('<h2 id="structured-data">Structured data</h2>');
    expect(text).toContain('<code class="wrap">Article</code>: 2 pages');
  });
});

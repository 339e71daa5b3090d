import { CHECKS, checksFor } from './checks/registry.js';
import { judge, withLabScore } from './judge.js';
import {
  GOOD_PAGE_HTML,
  snapshotOf,
} from '../../test/support/snapshot-fixture.js';
import { BADLY_MADE_PAGE } from '../../test/support/pages.js';

describe('judge', () => {
  it('scores the well-made page good, every check of a raw page present and none failed', () => {
    const results = judge(snapshotOf(GOOD_PAGE_HTML));
    expect(results.checks.map((c) => c.id)).toEqual(
      checksFor(false).map((c) => c.id),
    );
    const failed = results.checks.filter((c) => c.passed === false);
    expect(failed).toEqual([]);
    expect(results.score).toBeGreaterThanOrEqual(95);
    expect(results.rating).toBe('good');
    for (const category of Object.values(results.categories)) {
      expect(category.failed).toBe(0);
    }
  });

  it('fills the page facts from the snapshot and the parsed page', () => {
    const results = judge(
      snapshotOf(GOOD_PAGE_HTML, { ttfbMs: 99.6, loadTimeMs: 150.4 }),
    );
    expect(results.page).toEqual({
      final_url: 'https://example.com/pricing',
      status_code: 200,
      redirects: [],
      content_type: 'text/html; charset=utf-8',
      encoding: 'br',
      ttfb_ms: 100,
      load_time_ms: 150,
      html_bytes: Buffer.byteLength(GOOD_PAGE_HTML),
      transfer_bytes: Math.ceil(Buffer.byteLength(GOOD_PAGE_HTML) / 4),
      dom_elements: expect.any(Number),
      words: expect.any(Number),
    });
    expect(results.page.dom_elements).toBeGreaterThan(50);
    expect(results.page.words).toBeGreaterThanOrEqual(300);
  });

  it.each([
    ['answers 404 with an HTML body', { statusCode: 404 }, ['http_status']],
    [
      'forbids indexing',
      { headers: { ...snapshotOf('').headers, 'x-robots-tag': 'noindex' } },
      ['indexable'],
    ],
  ])(
    'rates a well-made page that %s bad, keeping the uncapped score and the categories',
    (_case, overrides, cappedBy) => {
      const healthy = judge(snapshotOf(GOOD_PAGE_HTML));
      const results = judge(snapshotOf(GOOD_PAGE_HTML, overrides));
      expect(results.uncapped_score).toBeGreaterThan(80);
      expect(results.score).toBe(49);
      expect(results.rating).toBe('bad');
      expect(results.capped_by).toEqual(cappedBy);
      expect(results.categories.performance).toEqual(
        healthy.categories.performance,
      );
      expect(results.categories.seo.score).toBeGreaterThan(49);
    },
  );

  it('judges a redirect stub as a redirect: what it shows does not apply, the refresh fails', () => {
    const stub =
      '<!DOCTYPE html><html lang="en"><head><meta http-equiv="refresh" content="0;URL=../std/keyword.in.html"><title>Redirection</title></head>' +
      '<body><p>Redirecting to <a href="../std/keyword.in.html">../std/keyword.in.html</a>...</p></body></html>';
    const results = judge(
      snapshotOf(stub, {
        declaredCharset: { header: null, bom: null, meta: null },
        favicon: { ...snapshotOf('').favicon!, status: 404 },
      }),
    );
    const verdicts = Object.fromEntries(
      results.checks.map((c) => [c.id, c.passed]),
    );
    const readerFacing = [
      'title',
      'meta_description',
      'h1',
      'heading_order',
      'content_keywords',
      'image_alt',
      'canonical',
      'hreflang',
      'language',
      'favicon',
      'viewport',
      'charset',
      'structured_data',
      'structured_data_invalid',
      'rich_result_ineligible',
      'social_tags',
      'content_length',
      'text_to_html_ratio',
    ];
    for (const id of readerFacing) {
      expect([id, verdicts[id]]).toEqual([id, null]);
      expect(results.checks.find((c) => c.id === id)!.message).toBe(
        'The page is a redirect stub: an instant meta refresh sends readers on to https://example.com/std/keyword.in.html, so what it shows is not judged.',
      );
    }
    expect(verdicts.meta_refresh).toBe(false);
    // What the answer itself is made of is still judged.
    expect(verdicts.http_status).toBe(true);
    expect(verdicts.crawlable_links).toBe(true);
    expect(verdicts.content_security_policy).toBe(true);
  });

  it('gives each failed check its advice and its place in the catalogue, and no other', () => {
    const results = judge(snapshotOf(BADLY_MADE_PAGE));
    const byId = new Map(CHECKS.map((check) => [check.id, check]));
    for (const result of results.checks) {
      if (result.passed === false) {
        expect(result.advice).toBe(byId.get(result.id)!.advice);
        expect(result.doc_url).toBe(`/docs/checks#${result.id}`);
      } else {
        expect(result).not.toHaveProperty('advice');
        expect(result).not.toHaveProperty('doc_url');
      }
    }
    expect(results.checks.find((c) => c.id === 'title')).toMatchObject({
      passed: false,
      doc_url: '/docs/checks#title',
    });
  });

  it('caps nothing on a healthy page', () => {
    const results = judge(snapshotOf(GOOD_PAGE_HTML));
    expect(results.capped_by).toEqual([]);
    expect(results.uncapped_score).toBe(results.score);
  });

  it('scores a badly made page bad', () => {
    const results = judge(
      snapshotOf(BADLY_MADE_PAGE, {
        finalUrl: 'http://example.com/Old_Page.php?a=1&b=2&c=3',
        redirects: [
          { url: 'http://example.com/older-home', status_code: 302 },
          { url: 'http://example.com/old-home', status_code: 301 },
        ],
        headers: {
          'content-type': 'text/html',
          server: 'Apache/2.4.1 (Unix)',
          'x-powered-by': 'PHP/5.6.40',
          'x-robots-tag': 'noindex',
        },
        contentEncoding: null,
        declaredCharset: { header: null, bom: null, meta: 'windows-1252' },
        loadTimeMs: 1200,
      }),
    );
    expect(results.score).toBeLessThan(50);
    expect(results.rating).toBe('bad');
    expect(
      results.checks.filter((c) => c.passed === false).length,
    ).toBeGreaterThan(30);
  });

  // The parse once took 75 s on the first of these; the figures are in `npm run bench:analyse`.
  // Linear means a page eight times larger costs about eight times the CPU; quadratic, 64 times.
  it.each([
    ['200,000 unclosed <div>', '<body>', '<div>', 200_000],
    ['nested unclosed <b><i>', '<body>', '<b><i>', 170_000],
    ['nested unclosed links', '<body>', '<a href="/x"><span>x', 45_000],
    [
      'a picture of 60,000 images',
      '<body><picture>',
      '<img src=a.jpg>',
      60_000,
    ],
  ])(
    'judges a 1 MB page of %s in linear time',
    (_case, opening, unit, count) => {
      const cpuMs = (repeats: number): number => {
        const html = `<!doctype html>${opening}${unit.repeat(repeats)}`;
        const started = process.cpuUsage();
        const results = judge(snapshotOf(html));
        const used = process.cpuUsage(started);
        expect(results.checks).toHaveLength(checksFor(false).length);
        return (used.user + used.system) / 1000;
      };
      // The least of five runs: a collection, a JIT pause or a loaded machine only ever adds time.
      const leastMs = (repeats: number): number =>
        Math.min(...Array.from({ length: 5 }, () => cpuMs(repeats)));
      cpuMs(count / 32); // warms the JIT so the small run is not charged for it
      const eighth = leastMs(count / 8);
      const full = leastMs(count);
      // Between linear (8) and quadratic (64): a loaded machine's collections took a
      // four-times-larger page to 13 times the CPU (Node 22, CI), so the margin is wide.
      expect(full / Math.max(eighth, 1)).toBeLessThan(32);
    },
  );

  it('lets a check that throws fail the analysis rather than hide the bug', () => {
    const snapshot = snapshotOf(GOOD_PAGE_HTML);
    // A snapshot no gatherer produces: headers missing entirely.
    expect(() =>
      judge({
        ...snapshot,
        headers: undefined as unknown as Record<string, string>,
      }),
    ).toThrow(TypeError);
  });
});

describe('withLabScore', () => {
  it('lowers a good page’s performance, score and rating by a poor lab score, checks untouched', () => {
    const results = judge(snapshotOf(GOOD_PAGE_HTML));
    const folded = withLabScore(results, 0);
    expect(folded.checks).toBe(results.checks);
    // Every performance check passed (100) and the lab, as heavy, scored 0.
    expect(folded.categories.performance.score).toBe(50);
    expect(folded.categories.seo).toEqual(results.categories.seo);
    expect(folded.score).toBeLessThan(results.score);
    expect(folded.uncapped_score).toBe(folded.score);
    expect(withLabScore(results, 100).score).toBe(results.score);
  });
});

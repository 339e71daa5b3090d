import { CHECKS } from './checks/registry.js';
import { judge } from './judge.js';
import { ratingOf } from './score.js';
import { GOOD_PAGE_HTML, snapshotOf } from './snapshot-fixture.js';

const BAD_PAGE_HTML = `<html><head>
<script src="/tracker.js"></script><script src="http://cdn.example/jquery.js"></script>
</head><body>
<center><font size="7">Welcome!!!</font></center>
<h1></h1><h1>Second heading</h1><h4>Skipped levels</h4>
<img src="/photo.jpg"><img src="http://cdn.example/banner.png">
<a href="javascript:void(0)">click here</a> <a href="">here</a>
<a href="https://elsewhere.example/" target="_blank">more</a>
<p style="color:red">Write to sales@example.com</p>
<marquee>News</marquee>
</body></html>`;

describe('judge', () => {
  it('scores the well-made page good, every check present and none failed', () => {
    const results = judge(snapshotOf(GOOD_PAGE_HTML));
    expect(results.checks.map((c) => c.id)).toEqual(CHECKS.map((c) => c.id));
    const failed = results.checks.filter((c) => c.passed === false);
    expect(failed).toEqual([]);
    expect(results.score).toBeGreaterThanOrEqual(95);
    expect(ratingOf(results.score)).toBe('good');
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

  it('scores a badly made page bad', () => {
    const results = judge(
      snapshotOf(BAD_PAGE_HTML, {
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
    expect(ratingOf(results.score)).toBe('bad');
    expect(
      results.checks.filter((c) => c.passed === false).length,
    ).toBeGreaterThan(30);
  });

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

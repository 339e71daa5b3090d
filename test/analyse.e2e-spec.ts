import { gzipSync } from 'node:zlib';
import { analyse } from '../src/analysis/analyse.js';
import { DEFAULT_ANALYSER_OPTIONS } from '../src/analysis/options.js';
import type { AnalysisResults } from '../src/analysis/types.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';

const paragraph =
  'Our pricing plans give small teams, agencies and site owners a clear way to audit pages, ' +
  'compare results over time and share reports with clients who need evidence, not opinions. ';

/** A page made the way the checks ask for, bar https which a loopback fixture cannot serve. */
const WELL_MADE = (origin: string) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pricing plans for site audit teams</title>
<meta name="description" content="Compare the pricing plans of our site audit service for small teams and agencies, with monthly or yearly billing.">
<link rel="canonical" href="${origin}/pricing">
<link rel="icon" href="/favicon.ico">
<link rel="alternate" hreflang="en" href="${origin}/pricing">
<link rel="alternate" hreflang="x-default" href="${origin}/pricing">
<meta property="og:title" content="Pricing plans"><meta property="og:image" content="${origin}/og.webp">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Site audits"}</script>
<script src="/app.js" defer></script>
</head>
<body>
<h1>Pricing plans for site audits</h1>
<h2>Plans for teams</h2>
<p>${paragraph.repeat(6)}</p>
<h2>What every plan includes</h2>
<p>${paragraph.repeat(6)}</p>
<img src="/team.webp" alt="The team at work">
<a href="/features">See every feature of the audit plans</a>
<a href="https://other.example/" target="_blank" rel="noopener">Our partner's site</a>
</body>
</html>`;

const BADLY_MADE = `<html><head>
<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<script src="/tracker.js"></script><script src="http://cdn.example/jquery.js"></script>
</head><body>
<center><font size="7">Welcome!!!</font></center>
<h1></h1><h1>Second heading</h1><h4>Skipped levels</h4>
<img src="/photo.jpg"><img src="/banner.png">
<a href="javascript:void(0)">click here</a> <a href="">here</a>
<a href="https://elsewhere.example/" target="_blank">more</a>
<p style="color:red">Write to sales@example.com</p>
<marquee>Caf\xe9 news</marquee>
</body></html>`;

describe('analyse (gather + judge) against fixture sites', () => {
  let site: FixtureSite;
  const options = {
    ...DEFAULT_ANALYSER_OPTIONS,
    allowHosts: ['127.0.0.1'],
    deadlineMs: 5000,
  };

  beforeAll(async () => {
    site = await startFixtureSite({
      '/pricing': (req, res) => {
        const body = gzipSync(WELL_MADE(site.origin));
        html(res, body, {
          'content-encoding': 'gzip',
          'cache-control': 'max-age=300',
          etag: '"v1"',
          'content-security-policy':
            "default-src 'self'; frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          server: 'fixture',
        });
      },
      '/robots.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(
          `User-agent: *\nDisallow: /private/\nSitemap: ${site.origin}/sitemap.xml\n`,
        );
      },
      '/sitemap.xml': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.origin}/pricing</loc></url></urlset>`,
        );
      },
      '/favicon.ico': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/x-icon' });
        res.end(Buffer.alloc(64));
      },
      '/Old_Page.php': (_req, res) =>
        html(res, Buffer.from(BADLY_MADE, 'latin1'), {
          'content-type': 'text/html',
          server: 'Apache/2.4.1 (Unix)',
          'x-powered-by': 'PHP/5.6.40',
          'x-robots-tag': 'noindex',
        }),
      '/old-home': (_req, res) => {
        res.writeHead(301, { location: '/Old_Page.php?a=1&b=2&c=3' });
        res.end();
      },
      '/older-home': (_req, res) => {
        res.writeHead(302, { location: '/old-home' });
        res.end();
      },
    });
  });
  afterAll(() => site.close());

  const check = (results: AnalysisResults, id: string) =>
    results.checks.find((c) => c.id === id)!;

  it('rates a well-made page good, with every check judged', async () => {
    const results = await analyse(site.url('/pricing'), options);
    expect(results.checks).toHaveLength(46);
    const failed = results.checks
      .filter((c) => c.passed === false)
      .map((c) => c.id);
    // Only what plain http on loopback cannot pass.
    expect(failed).toEqual(['https']);
    expect(results.score).toBeGreaterThanOrEqual(90);
    expect(check(results, 'mixed_content').passed).toBeNull();
    expect(check(results, 'hsts').passed).toBeNull();
    expect(results.page).toMatchObject({
      final_url: site.url('/pricing'),
      status_code: 200,
      redirects: [],
      encoding: 'gzip',
    });
    expect(results.page.transfer_bytes).toBeLessThan(results.page.html_bytes);
    expect(results.page.words).toBeGreaterThan(300);
    expect(check(results, 'title').value).toBe(
      'Pricing plans for site audit teams',
    );
    expect(check(results, 'robots_txt').passed).toBe(true);
    expect(check(results, 'sitemap').passed).toBe(true);
    expect(check(results, 'not_found_page').passed).toBe(true);
  });

  it('rates a badly made page bad and says why', async () => {
    const results = await analyse(site.url('/older-home'), options);
    expect(results.score).toBeLessThan(50);
    expect(results.page.redirects).toEqual([
      { url: site.url('/older-home'), status_code: 302 },
      { url: site.url('/old-home'), status_code: 301 },
    ]);
    const failing = [
      'title',
      'meta_description',
      'h1',
      'heading_order',
      'image_alt',
      'seo_friendly_url',
      'indexable',
      'canonical',
      'link_text',
      'crawlable_links',
      'language',
      'text_compression',
      'image_format',
      'defer_javascript',
      'doctype',
      'caching',
      'redirects',
      'server_signature',
      'unsafe_cross_origin_links',
      'plaintext_email',
      'content_security_policy',
      'content_type_options',
      'frame_protection',
      'viewport',
      'charset',
      'structured_data',
      'social_tags',
      'content_length',
      'inline_css',
      'deprecated_html',
    ];
    for (const id of failing) {
      expect([id, check(results, id).passed]).toEqual([id, false]);
    }
    // Decoded as windows-1252, not as UTF-8 replacement characters.
    expect(JSON.stringify(results)).not.toContain('\ufffd');
  });
});

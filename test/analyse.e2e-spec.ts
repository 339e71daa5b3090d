import { gzipSync } from 'node:zlib';
import type { AnalysisResults } from '../src/analysis/index.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import { BADLY_MADE_PAGE, wellMadePage } from './support/pages.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { loopbackAnalyser } from './support/network.js';

const served =
  (type: string): FixtureHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type });
    res.end('x');
  };
const page: FixtureHandler = (_req, res) =>
  html(res, '<!doctype html><title>Linked page</title>');

describe('analyse (gather + judge) against fixture sites', () => {
  let site: FixtureSite;
  let partner: FixtureSite;
  const analyser = loopbackAnalyser();

  beforeAll(async () => {
    partner = await startFixtureSite({ '/': page });
    site = await startFixtureSite({
      '/': page,
      '/features': page,
      '/docs': page,
      '/contact': page,
      '/privacy': page,
      '/assets/site.css': served('text/css'),
      '/assets/app.js': served('text/javascript'),
      '/assets/pricing.js': served('text/javascript'),
      '/assets/team.webp': served('image/webp'),
      '/assets/chart.svg': served('image/svg+xml'),
      '/pricing': (req, res) => {
        const body = gzipSync(wellMadePage(site.origin, partner.origin));
        html(res, body, {
          'content-encoding': 'gzip',
          'cache-control': 'max-age=300',
          etag: '"v1"',
          'content-security-policy':
            "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'DENY',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'permissions-policy': 'camera=(), microphone=()',
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
        html(res, Buffer.from(BADLY_MADE_PAGE, 'latin1'), {
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
  afterAll(async () => {
    await Promise.all([site.close(), partner.close()]);
  });

  const check = (results: AnalysisResults, id: string) =>
    results.checks.find((c) => c.id === id)!;

  it('rates a well-made page good, with every check judged', async () => {
    const results = await analyser.analyse(site.url('/pricing'));
    expect(results.checks).toHaveLength(58);
    const failed = results.checks
      .filter((c) => c.passed === false)
      .map((c) => c.id);
    // Only what plain http on loopback cannot pass.
    expect(failed).toEqual(['https']);
    expect(results.score).toBeGreaterThanOrEqual(90);
    expect(results.rating).toBe('good');
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
    expect(check(results, 'broken_links')).toMatchObject({
      passed: true,
      message: 'Every URL probed answers.',
    });
    // http on loopback: what only an https page can be judged on does not apply.
    expect(check(results, 'https_redirect').passed).toBeNull();
    expect(check(results, 'insecure_links').passed).toBeNull();
    expect(results.capped_by).toEqual([]);
  });

  it('rates a badly made page bad and says why', async () => {
    const results = await analyser.analyse(site.url('/older-home'));
    expect(results.score).toBeLessThan(50);
    expect(results.rating).toBe('bad');
    expect(results.capped_by).toEqual(['indexable']);
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
      'broken_links',
      'image_dimensions',
      'referrer_policy',
      'permissions_policy',
      'subresource_integrity',
    ];
    for (const id of failing) {
      expect([id, check(results, id).passed]).toEqual([id, false]);
    }
    // Decoded as windows-1252, not as UTF-8 replacement characters.
    expect(JSON.stringify(results)).not.toContain('\ufffd');
  });
});

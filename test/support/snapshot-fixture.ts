import type { Check } from '../../src/analysis/checks/check.js';
import { parsePage } from '../../src/analysis/parse.js';
import type { CheckOutcome, Snapshot } from '../../src/analysis/types.js';
import { wellMadePage } from './pages.js';

/**
 * Snapshots for unit tests and the bench: a realistic, well-configured https page whose
 * HTML the caller supplies. Override any field to build the case under test.
 */

const ORIGIN = 'https://example.com';

export function snapshotOf(
  html: string,
  overrides: Partial<Snapshot> = {},
): Snapshot {
  const htmlBytes = Buffer.byteLength(html);
  return {
    requestedUrl: `${ORIGIN}/pricing`,
    finalUrl: `${ORIGIN}/pricing`,
    redirects: [],
    statusCode: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'max-age=300',
      etag: '"v1"',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'content-security-policy':
        "default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      server: 'nginx',
    },
    setCookies: [],
    contentType: 'text/html; charset=utf-8',
    contentEncoding: 'br',
    declaredCharset: { header: 'utf-8', bom: null, meta: 'utf-8' },
    charset: 'utf-8',
    ttfbMs: 100,
    loadTimeMs: 150,
    htmlBytes,
    transferBytes: Math.ceil(htmlBytes / 4),
    html,
    robotsTxt: {
      url: `${ORIGIN}/robots.txt`,
      status: 200,
      contentType: 'text/plain',
      body: `User-agent: *\nDisallow: /private/\nSitemap: ${ORIGIN}/sitemap.xml\n`,
      error: null,
    },
    sitemap: {
      url: `${ORIGIN}/sitemap.xml`,
      status: 200,
      contentType: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${ORIGIN}/pricing</loc></url></urlset>`,
      error: null,
    },
    notFoundProbe: {
      url: `${ORIGIN}/c0ffee-not-found-probe`,
      status: 404,
      contentType: 'text/html',
      body: null,
      error: null,
    },
    favicon: {
      url: `${ORIGIN}/favicon.ico`,
      status: 200,
      contentType: 'image/x-icon',
      body: null,
      error: null,
    },
    // Not probed: the checks of links answer n/a unless a test gives probes.
    linkProbes: null,
    canonicalProbe: null,
    httpProbe: {
      url: 'http://example.com/pricing',
      status: 301,
      location: `${ORIGIN}/pricing`,
      robots: [],
      error: null,
    },
    ...overrides,
  };
}

/** A minimal valid document around the given head and body markup. */
export function documentOf(head: string, body: string, lang = 'en'): string {
  return `<!DOCTYPE html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;
}

/** Runs one check on the HTML, parsed as judge would, with the default snapshot plus overrides. */
export function runCheck(
  check: Check,
  html: string,
  overrides: Partial<Snapshot> = {},
): CheckOutcome {
  const snapshot = snapshotOf(html, overrides);
  return check.run(parsePage(snapshot.html, snapshot.finalUrl), snapshot);
}

/** A well-made page: with the default snapshot every check passes or does not apply. */
export const GOOD_PAGE_HTML = wellMadePage(ORIGIN);

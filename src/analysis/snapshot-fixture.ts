import type { Check } from './checks/check.js';
import { parsePage } from './parse.js';
import type { CheckOutcome, Snapshot } from './types.js';

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
      'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      server: 'nginx',
    },
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

const PARAGRAPHS = [
  'Every plan audits your pages for search engines, speed, security and the conventions of the web, then explains each finding in plain words. Teams use the reports to decide what to fix first and to show clients the progress they paid for.',
  'The starter plan suits a single site owner who wants a monthly check of a few important pages. It includes twenty audits a month, shareable report links and an archive of every past result, so you can compare a page with itself over time.',
  'The team plan adds more audits, several members with their own keys and a shared history. Agencies choose it to follow many client sites at once, and to export the findings as JSON for their own dashboards and invoices.',
  'Prices are shown per month and billed monthly or yearly; a yearly subscription costs two months less. You can change plans at any moment, and unused audits never expire before the end of the billing period you paid for.',
  'Every report lists the checks that failed first, with the evidence we found: the title that is too long, the image without text, the header that reveals a server version. Each finding links to a short note on why it matters and how to fix it.',
  'We never store the pages we fetch beyond the report itself, and reports stay private until you choose to share them. Shared links can be revoked at any time, and an expired link shows nothing about the site it described.',
];

/** A well-made page: with the default snapshot every check passes or does not apply. */
export const GOOD_PAGE_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pricing plans for site audit teams</title>
<meta name="description" content="Compare the pricing plans of our site audit service for small teams and agencies, with monthly or yearly billing.">
<link rel="canonical" href="${ORIGIN}/pricing">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="alternate" hreflang="en" href="${ORIGIN}/pricing">
<link rel="alternate" hreflang="fr-CA" href="${ORIGIN}/fr-ca/tarifs">
<link rel="alternate" hreflang="x-default" href="${ORIGIN}/pricing">
<link rel="stylesheet" href="/assets/site.css">
<meta property="og:title" content="Pricing plans for site audit teams">
<meta property="og:image" content="${ORIGIN}/assets/og-pricing.webp">
<meta name="twitter:card" content="summary_large_image">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Site audits","offers":{"@type":"Offer","price":"19.00","priceCurrency":"EUR"}}</script>
<script src="/assets/app.js" defer></script>
<script type="module" src="/assets/pricing.js"></script>
</head>
<body>
<header>
<nav aria-label="Main">
<a href="/">Home</a> <a href="/features">Features</a> <a href="/pricing">Pricing</a> <a href="/docs">Documentation</a>
</nav>
</header>
<main>
<h1>Pricing plans for site audits</h1>
<p>${PARAGRAPHS[0]}</p>
<h2>Plans for every team</h2>
<p>${PARAGRAPHS[1]}</p>
<p>${PARAGRAPHS[2]}</p>
<picture><source type="image/avif" srcset="/assets/team.avif"><img src="/assets/team.webp" alt="The team reviewing a report" width="640" height="360"></picture>
<h3>Monthly or yearly billing</h3>
<p>${PARAGRAPHS[3]}</p>
<table>
<caption>What each plan includes</caption>
<thead><tr><th>Plan</th><th>Audits a month</th><th>Members</th></tr></thead>
<tbody><tr><td>Starter</td><td>20</td><td>1</td></tr><tr><td>Team</td><td>500</td><td>10</td></tr></tbody>
</table>
<h2>What every plan includes</h2>
<p>${PARAGRAPHS[4]}</p>
<ul><li>Search engine checks</li><li>Speed and security checks</li><li>Shareable reports</li></ul>
<p>${PARAGRAPHS[5]}</p>
<p><a href="/features">See every feature of the audit plans</a> or <a href="https://partner.example/" target="_blank" rel="noopener">visit our hosting partner</a>.</p>
<img src="/assets/chart.svg" alt="Audits run per month in the last year">
</main>
<footer><p><a href="/contact">Contact the sales team</a> · <a href="/privacy">Privacy policy</a></p></footer>
</body>
</html>
`;

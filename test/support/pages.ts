/** Pages the analyser's tests judge: one made as the checks ask, one made badly. */

const PARAGRAPHS = [
  'Every plan audits your pages for search engines, speed, security and the conventions of the web, then explains each finding in plain words. Teams use the reports to decide what to fix first and to show clients the progress they paid for.',
  'The starter plan suits a single site owner who wants a monthly check of a few important pages. It includes twenty audits a month, shareable report links and an archive of every past result, so you can compare a page with itself over time.',
  'The team plan adds more audits, several members with their own keys and a shared history. Agencies choose it to follow many client sites at once, and to export the findings as JSON for their own dashboards and invoices.',
  'Prices are shown per month and billed monthly or yearly; a yearly subscription costs two months less. You can change plans at any moment, and unused audits never expire before the end of the billing period you paid for.',
  'Every report lists the checks that failed first, with the evidence we found: the title that is too long, the image without text, the header that reveals a server version. Each finding links to a short note on why it matters and how to fix it.',
  'We never store the pages we fetch beyond the report itself, and reports stay private until you choose to share them. Shared links can be revoked at any time, and an expired link shows nothing about the site it described.',
];

/**
 * A page made the way the checks ask for, on the site at `origin`, linking to a
 * partner's site at `partnerOrigin` (tests that probe links serve it on loopback).
 */
export const wellMadePage = (
  origin: string,
  partnerOrigin = 'https://partner.example',
) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pricing plans for site audit teams</title>
<meta name="description" content="Compare the pricing plans of our site audit service for small teams and agencies, with monthly or yearly billing.">
<link rel="canonical" href="${origin}/pricing">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="alternate" hreflang="en" href="${origin}/pricing">
<link rel="alternate" hreflang="fr-CA" href="${origin}/fr-ca/tarifs">
<link rel="alternate" hreflang="x-default" href="${origin}/pricing">
<link rel="stylesheet" href="/assets/site.css">
<meta property="og:title" content="Pricing plans for site audit teams">
<meta property="og:image" content="${origin}/assets/og-pricing.webp">
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
<p><a href="/features">See every feature of the audit plans</a> or <a href="${partnerOrigin}/" target="_blank" rel="noopener">visit our hosting partner</a>.</p>
<img src="/assets/chart.svg" alt="Audits run per month in the last year" width="800" height="400">
</main>
<footer><p><a href="/contact">Contact the sales team</a> · <a href="/privacy">Privacy policy</a></p></footer>
</body>
</html>
`;

/**
 * A page that fails most checks: no doctype, language or description, skipped
 * headings, blocking and insecure scripts, generic links and one that hands another
 * site its tab (rel=opener), an e-mail address, deprecated markup, declared as
 * windows-1252 (its "é" is one latin1 byte).
 */
export const BADLY_MADE_PAGE = `<html><head>
<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<script src="/tracker.js"></script><script src="http://cdn.example/jquery.js"></script>
</head><body>
<center><font size="7">Welcome!!!</font></center>
<h1></h1><h1>Second heading</h1><h4>Skipped levels</h4>
<img src="/photo.jpg"><img src="http://cdn.example/banner.png">
<a href="javascript:void(0)">click here</a> <a href="">here</a>
<a href="https://elsewhere.example/" target="_blank" rel="opener">more</a>
<p style="color:red">Write to sales@acme-audits.com</p>
<marquee>Caf\xe9 news</marquee>
</body></html>`;

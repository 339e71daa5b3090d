import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, startFixtureSite } from './fixture-server.js';
import type { FixtureSite } from './fixture-server.js';
import { wellMadePage } from './pages.js';

/**
 * A well-made page to create reports of in benches (`/page`, any query), every link and
 * subresource of it answering, and the partner site it links to.
 */

/** Every link and subresource of the page answers, as on a healthy site: each is probed. */
const LINKED_PATHS = [
  '/',
  '/features',
  '/pricing',
  '/docs',
  '/contact',
  '/privacy',
  '/fr-ca/tarifs',
  '/favicon.svg',
  '/assets/site.css',
  '/assets/app.js',
  '/assets/pricing.js',
  '/assets/team.avif',
  '/assets/team.webp',
  '/assets/chart.svg',
];

/** The site under audit, and the partner site it links to, both on loopback. */
export async function startReportSites(): Promise<FixtureSite[]> {
  const small = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  };
  const partner = await startFixtureSite({ '/': small });
  const site: FixtureSite = await startFixtureSite({
    ...Object.fromEntries(LINKED_PATHS.map((path) => [path, small])),
    '/page': (_req, res) =>
      html(res, wellMadePage(site.origin, partner.origin), {
        'cache-control': 'max-age=60',
      }),
    '/robots.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`User-agent: *\nSitemap: ${site.origin}/sitemap.xml\n`);
    },
    '/sitemap.xml': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${site.origin}/page</loc></url></urlset>`,
      );
    },
  });
  return [site, partner];
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSite, renderPage } from './generated-site.js';

/**
 * The site-audit bench's generated site (generated-site.ts), served on loopback by a
 * child process of the bench so that its CPU and memory are not the bench's:
 * `node generated-site-server.js <pages>`. Tells the parent its origin over IPC, and
 * stops when told to.
 */

const SITEMAP_CHUNK = 5_000;

const site = generateSite(Number(process.argv[2]));
const chunks = Math.ceil(site.sitemap.length / SITEMAP_CHUNK);

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${body}`;
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://site').pathname;
  const origin = `http://${req.headers.host}`;
  const send = (status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (path === '/robots.txt') {
    const rules = site.disallowed.map((p) => `Disallow: ${p}`).join('\n');
    send(
      200,
      'text/plain',
      `User-agent: *\n${rules}\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
    return;
  }
  if (path === '/sitemap.xml') {
    const maps = Array.from(
      { length: chunks },
      (_, k) => `<sitemap><loc>${origin}/sitemaps/${k}.xml</loc></sitemap>`,
    ).join('');
    send(
      200,
      'application/xml',
      xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${maps}</sitemapindex>`,
      ),
    );
    return;
  }
  const chunk = /^\/sitemaps\/(\d+)\.xml$/.exec(path);
  if (chunk && Number(chunk[1]) < chunks) {
    const start = Number(chunk[1]) * SITEMAP_CHUNK;
    const urls = site.sitemap
      .slice(start, start + SITEMAP_CHUNK)
      .map((p) => `<url><loc>${origin}${p}</loc></url>`)
      .join('');
    send(
      200,
      'application/xml',
      xml(
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      ),
    );
    return;
  }
  const resource = site.resources.get(path);
  switch (resource?.kind) {
    case 'html':
      send(200, 'text/html; charset=utf-8', renderPage(resource, origin));
      return;
    case 'redirect':
      res.writeHead(resource.status, { location: resource.to });
      res.end();
      return;
    case 'status':
      send(
        resource.status,
        'text/html; charset=utf-8',
        `<!doctype html><title>Error ${resource.status}</title><p>Error ${resource.status}`,
      );
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'pdf':
      send(200, 'application/pdf', '%PDF-1.4 not really');
      return;
    default:
      send(
        404,
        'text/html; charset=utf-8',
        '<!doctype html><title>Not found</title><h1>Not found</h1>',
      );
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ origin: `http://127.0.0.1:${port}` });
});
process.on('message', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The loopback site of the gate bench, run as a child process of it so that the site
 * does not share the command line's process: `PAGES` HTML pages in a tree (each links
 * to ten children and home), all in the sitemap, with a few defects for the gate to
 * find: every 50th page links to a page that is gone, and pages 1 to 5 share a title.
 * It tells the parent its origin over IPC, and stops when told to.
 */

/** Pages of the site: the bench says how many (argv), 500 by default. */
const PAGES = Number(process.argv[2] ?? 500);

const PARAGRAPH =
  'Each page of the catalogue describes one product: what it is for, what it is made of, ' +
  'how to look after it, and what other buyers thought of it after a year of use.';

function page(n: number): string {
  const children = Array.from({ length: 10 }, (_, k) => n * 10 + k + 1).filter(
    (c) => c < PAGES,
  );
  const links = [
    ...children.map((c) => `<a href="/p/${c}">Product number ${c}</a>`),
    n % 50 === 49 ? '<a href="/discontinued">A discontinued product</a>' : '',
    '<a href="/">Back to the catalogue</a>',
  ].join('\n');
  const title =
    n >= 1 && n <= 5
      ? 'A product of the catalogue'
      : `Product ${n}: the catalogue's page for it`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="Product ${n} of the catalogue: what it is for, what it is made of, how to look after it, and what buyers thought of it.">
</head><body><main><h1>Product ${n}</h1>
${Array.from({ length: 4 }, () => `<p>${PARAGRAPH}</p>`).join('\n')}
<nav>${links}</nav>
</main></body></html>
`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://site');
  const origin = `http://${req.headers.host}`;
  const product = /^\/(?:p\/(\d+))?$/.exec(url.pathname);
  const n = product ? Number(product[1] ?? 0) : -1;
  if (n >= 0 && n < PAGES) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(n));
    return;
  }
  if (url.pathname === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    return;
  }
  if (url.pathname === '/sitemap.xml') {
    const locs = Array.from(
      { length: PAGES },
      (_, i) => `<url><loc>${origin}${i === 0 ? '/' : `/p/${i}`}</loc></url>`,
    );
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.join('')}</urlset>`,
    );
    return;
  }
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ origin: `http://127.0.0.1:${port}` });
});
process.on('message', () => server.close(() => process.exit(0)));

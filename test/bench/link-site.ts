import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The loopback site of the link-probe bench, run as a child process of it so that the
 * bench's resident memory is the analyser's alone. `/page?links=50&set=<name>` is a
 * documentation page whose 50 links all answer 200 (`set` names a path of its own,
 * so a set is fresh URLs); `/page?links=0` is the same page with the link texts left
 * as plain text. It tells the parent its origin over IPC, and stops when told to.
 */

const PARAGRAPH =
  'Each page of the manual explains one part of the audit: what it fetches, what it ' +
  'judges and why, with examples taken from real sites. Readers follow the links to ' +
  'the parts they need and come back here for the overview of the whole service.';

function page(origin: string, links: number, set: string): string {
  const items = Array.from({ length: 50 }, (_, k) => {
    const text = `Chapter ${k + 1}: how the audit reads part ${k + 1} of a page`;
    return links > k
      ? `<li><a href="/docs/${set}/${k}">${text}</a></li>`
      : `<li>${text}</li>`;
  }).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The audit manual: every chapter in one place</title>
<meta name="description" content="The chapters of the audit manual: what each check fetches and judges, with examples from real sites and advice on fixing what fails.">
<link rel="canonical" href="${origin}/page">
</head><body><main><h1>The audit manual</h1>
${Array.from({ length: 6 }, () => `<p>${PARAGRAPH}</p>`).join('\n')}
<h2>Chapters</h2>
<ul>
${items}
</ul>
</main></body></html>
`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://site');
  const origin = `http://${req.headers.host}`;
  if (url.pathname === '/page') {
    const links = Number(url.searchParams.get('links') ?? 50);
    const set = url.searchParams.get('set') ?? 'a';
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'max-age=60',
    });
    res.end(page(origin, links, set));
    return;
  }
  if (url.pathname.startsWith('/docs/')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><p>chapter');
    return;
  }
  if (url.pathname === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    return;
  }
  if (url.pathname === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/page</loc></url></urlset>`,
    );
    return;
  }
  if (url.pathname === '/favicon.ico') {
    res.writeHead(200, { 'content-type': 'image/x-icon' });
    res.end(Buffer.alloc(64));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ origin: `http://127.0.0.1:${port}` });
});
process.on('message', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});

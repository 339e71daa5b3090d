import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/**
 * A documentation tree served as a web server serves a folder: a file by its path, a
 * folder by its index.html (a folder asked without its slash is redirected to it),
 * 404 for anything else; GET and HEAD, keep-alive. Symbolic links are followed (Debian's
 * trees link their JavaScript to /usr/share/javascript).
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.gz': 'application/gzip',
};

export interface StaticTree {
  origin: string;
  url(path: string): string;
  /** Requests answered so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/** The file a request path names, or null when it leaves the tree. */
function fileOf(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = normalize(join(root, decoded));
  return file === root || file.startsWith(root + sep) ? file : null;
}

/** Serves `root` on 127.0.0.1 (an ephemeral port unless `port` is given). */
export async function serveTree(root: string, port = 0): Promise<StaticTree> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://tree');
      const notFound = () => {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : '<h1>Not found</h1>');
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        res.end();
        return;
      }
      let file = fileOf(root, url.pathname);
      if (file === null) return notFound();
      let stats = await stat(file).catch(() => null);
      if (stats?.isDirectory()) {
        if (!url.pathname.endsWith('/')) {
          res.writeHead(301, { location: `${url.pathname}/${url.search}` });
          res.end();
          return;
        }
        file = join(file, 'index.html');
        stats = await stat(file).catch(() => null);
      }
      if (!stats?.isFile()) return notFound();
      res.writeHead(200, {
        'content-type':
          TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': stats.size,
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
    })().catch(() => res.destroy());
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) =>
    server.listen(port, '127.0.0.1', resolve),
  );
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

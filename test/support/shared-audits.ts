import type { DataSource } from 'typeorm';
import { XSS_PAGE } from './hostile-page.js';
import { html, startFixtureSite } from './fixture-server.js';
import type { FixtureHandler, FixtureSite } from './fixture-server.js';

/** Markup a crawled page's URL is made to carry, as a hostile row would hold it. */
export const HOSTILE_URL_TAIL = `"><img src=x onerror=alert('url')><script>alert('url')</script>`;

/** A title that must show as text: markup and script, escaped in the page's HTML. */
export const HOSTILE_TITLE = `<script>alert("title")</script>"><img src=x onerror=alert(1)>`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>Fixture</h1><p>${'Plain words about nothing. '.repeat(30)}</p>${body}</body></html>`;

/**
 * A small site whose pages carry markup and script: two pages of one hostile title
 * (a duplicate_title issue), the hostile page of reports, and a link to a missing
 * page whose path holds markup (a broken_link issue).
 */
export function startHostileAuditSite(): Promise<FixtureSite> {
  const hostileTitle = HOSTILE_TITLE.replace(/</g, '&lt;').replace(
    />/g,
    '&gt;',
  );
  const links = ['/a', '/b', '/xss', '/missing"><img src=x onerror=alert(7)>']
    .map((path) => `<a href='${path}'>to ${path.replace(/[<>]/g, '')}</a>`)
    .join(' ');
  return startFixtureSite({
    '/': (_req, res) => html(res, page('Home of the fixture', links)),
    '/a': (_req, res) => html(res, page(hostileTitle, '<a href="/">home</a>')),
    '/b': (_req, res) => html(res, page(hostileTitle, '<a href="/">home</a>')),
    '/xss': (_req, res) => html(res, XSS_PAGE),
  });
}

/**
 * Makes the stored URL of one crawled page of the audit carry markup, as a crawl of a
 * site that sends such a URL unescaped could; answers that page's id.
 */
export async function seedHostileUrl(
  db: DataSource,
  auditId: number,
  path: string,
): Promise<number> {
  const [[row]]: [Array<{ place: number }>, number] = await db.query(
    `UPDATE site_audit_urls SET url = url || $3
     WHERE audit_id = $1 AND url LIKE $2 AND place IS NOT NULL
     RETURNING place`,
    [auditId, `%${path}`, HOSTILE_URL_TAIL],
  );
  return row.place;
}

/** The path of a share_url: /s/{token}. */
export function sharePath(shareUrl: string | null): string {
  if (!shareUrl) throw new Error('The audit has no share_url');
  return new URL(shareUrl).pathname;
}

/** The pages of the documentation tree: file names with underscores, as generators write them. */
const DOCS_PAGES = [
  '/index.html',
  '/whats_new.html',
  '/library/os_path.html',
  '/library/string_methods.html',
  '/library/data_types.html',
  '/library/file_formats.html',
  '/howto/logging_cookbook.html',
  '/howto/regular_expressions.html',
  '/tutorial/first_steps.html',
  '/tutorial/control_flow.html',
];

/**
 * A documentation tree as a generator and a plain static server make it, the kind of
 * site whose audit opens with a dozen facts about the host: plain HTTP, no
 * compression, no security header, no robots.txt, sitemap or favicon, a server that
 * names its version. Its template adds an inline style (and a second `<h1>`, which
 * is no finding) to every page; three pages link to a missing changelog and two share
 * a title.
 */
export function startDocsTreeSite(): Promise<FixtureSite> {
  const nav = DOCS_PAGES.map(
    (path) => `<li><a href="${path}">${path.slice(1, -5)}</a></li>`,
  ).join('');
  const page = (path: string, title: string, extra: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="${title}: what this part of the documentation explains, with examples."></head><body><h1 class="project">Fixture documentation</h1><div style="display: none" id="searchbox"></div><nav><ul>${nav}</ul></nav><main><h1>${title}</h1>${`<p>${'The module reads the file, parses each record and writes the result back. '.repeat(12)}</p>`.repeat(6)}${extra}</main></body></html>`;
  const routes: Record<string, FixtureHandler> = {};
  DOCS_PAGES.forEach((path, i) => {
    const title =
      i === 2 || i === 3
        ? 'Common string operations'
        : `Docs ${path.slice(1, -5)}`;
    const extra =
      i < 3 ? '<p>See the <a href="/changelog.html">changelog</a>.</p>' : '';
    routes[path] = (_req, res) =>
      html(res, page(path, title, extra), {
        server: 'SimpleHTTP/0.6 Python/3.11.2',
      });
  });
  routes['/'] = (_req, res) => {
    res.writeHead(301, { location: '/index.html' });
    res.end();
  };
  return startFixtureSite(routes);
}

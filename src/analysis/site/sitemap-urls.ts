import { Parser } from 'htmlparser2';
import { normaliseUrl } from './crawl-scope.js';

/** What a sitemap request answered. */
export interface SitemapAnswer {
  status: number | null;
  /** Decoded text; null when it failed or was not read. */
  body: string | null;
  error: string | null;
}

/** The bounds of a site's sitemaps (SITE-AUDIT.md): files read, URLs kept. */
export interface SitemapLimits {
  maxSitemaps: number;
  maxUrls: number;
}

export const SITEMAP_LIMITS: SitemapLimits = {
  maxSitemaps: 50,
  maxUrls: 50_000,
};

/** One sitemap file as read. */
export interface SitemapRead {
  url: string;
  status: number | null;
  error: string | null;
  /** URLs it listed (a urlset), or sitemaps it named (an index). */
  entries: number;
}

/** The `<loc>`s of a sitemap, and whether it is an index of sitemaps. */
export function sitemapEntries(xml: string): {
  index: boolean;
  locs: string[];
} {
  let index = false;
  let inLoc = false;
  let loc = '';
  const locs: string[] = [];
  const parser = new Parser(
    {
      onopentag(name) {
        const local = name.toLowerCase().replace(/^.*:/, '');
        if (local === 'sitemapindex') index = true;
        if (local === 'loc') {
          inLoc = true;
          loc = '';
        }
      },
      ontext(text) {
        if (inLoc) loc += text;
      },
      onclosetag(name) {
        if (name.toLowerCase().replace(/^.*:/, '') === 'loc' && inLoc) {
          inLoc = false;
          const value = loc.trim();
          if (value) locs.push(value);
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { index, locs };
}

/** `Sitemap:` lines of a robots.txt, resolved against it. */
export function sitemapsNamedBy(
  robotsTxt: string,
  robotsUrl: string,
): string[] {
  const named: string[] = [];
  for (const line of robotsTxt.split(/\r?\n/)) {
    const match = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    const url = match ? normaliseUrl(match[1], robotsUrl) : null;
    if (url && !named.includes(url)) named.push(url);
  }
  return named;
}

/**
 * The URLs of a site's sitemaps: /sitemap.xml and every sitemap robots.txt names,
 * indexes followed breadth-first, each file read once, within `limits`; in the order
 * they are listed, each once.
 */
export async function collectSitemapUrls(
  origin: string,
  robotsTxt: { url: string; body: string | null } | null,
  fetchSitemap: (url: string) => Promise<SitemapAnswer>,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<{ urls: string[]; sitemaps: SitemapRead[] }> {
  const queue = [
    ...(robotsTxt?.body ? sitemapsNamedBy(robotsTxt.body, robotsTxt.url) : []),
  ];
  const fallback = normaliseUrl('/sitemap.xml', origin);
  if (fallback && !queue.includes(fallback)) queue.push(fallback);
  const asked = new Set<string>();
  const urls: string[] = [];
  const listed = new Set<string>();
  const sitemaps: SitemapRead[] = [];
  while (
    queue.length > 0 &&
    sitemaps.length < limits.maxSitemaps &&
    urls.length < limits.maxUrls
  ) {
    const url = queue.shift()!;
    if (asked.has(url)) continue;
    asked.add(url);
    const answer = await fetchSitemap(url);
    const ok =
      answer.status !== null && answer.status < 300 && answer.body !== null;
    const { index, locs } = ok
      ? sitemapEntries(answer.body!)
      : { index: false, locs: [] };
    sitemaps.push({
      url,
      status: answer.status,
      error: answer.error,
      entries: locs.length,
    });
    for (const loc of locs) {
      const normalised = normaliseUrl(loc, url);
      if (normalised === null) continue;
      if (index) {
        if (!asked.has(normalised)) queue.push(normalised);
      } else if (!listed.has(normalised) && urls.length < limits.maxUrls) {
        listed.add(normalised);
        urls.push(normalised);
      }
    }
  }
  return { urls, sitemaps };
}

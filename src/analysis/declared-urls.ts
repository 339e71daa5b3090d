import { withoutFragment } from './links.js';
import { elementsOf, tokensOf } from './parse.js';
import type { ParsedPage } from './parse.js';

/**
 * The URLs a page declares in its head and headers (canonicals, hreflang alternates),
 * resolved the way a browser and Google resolve them: an href against the page's base
 * URL (`<base href>`, else its final URL), a `Link` header target against the final
 * URL alone. A path, a relative path, a scheme-relative URL, an upper-case scheme or a
 * fragment all name a URL. Links and meta refresh resolve against the same base
 * (`resolveUrl` in parse.ts); this module is where every declaration of the page
 * checks, the crawl, indexability, the site checks and the diff is read.
 */

/** `written` resolved against `base` when it names an http(s) URL; null for an empty or non-http(s) reference. */
export function declaredHttpUrl(
  written: string,
  base: string | URL | null | undefined,
): URL | null {
  const reference = written.trim();
  // An empty href names no link (HTML: a valid non-empty URL); it is not the page itself.
  if (reference === '') return null;
  const url = URL.parse(reference, base ?? undefined);
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? url
    : null;
}

/** An absolute http(s) URL as written, or null: what a reference needs no base to name. */
export function absoluteHttpUrl(value: string | undefined): URL | null {
  return declaredHttpUrl(value ?? '', null);
}

/** Whether a reference names its URL only against a base: a path, a relative path, or scheme-relative. */
export function isRelativeReference(written: string): boolean {
  return absoluteHttpUrl(written) === null && written.trim() !== '';
}

/** One canonical the page declares: where, as written, and the URL it names (null when it names none). */
export interface CanonicalDeclaration {
  source: 'tag' | 'header';
  written: string;
  url: URL | null;
}

/** The `<link rel="canonical">` of the page, each resolved against the page's base URL. */
export function canonicalTags(page: ParsedPage): CanonicalDeclaration[] {
  return elementsOf(page, 'link')
    .filter((link) => tokensOf(link, 'rel').includes('canonical'))
    .map((link) => {
      const written = (link.attribs.href ?? '').trim();
      return {
        source: 'tag',
        written,
        url: declaredHttpUrl(written, page.baseUrl),
      };
    });
}

/**
 * The targets of a `Link` header with rel=canonical (RFC 8288: `<url>; rel="canonical"`),
 * resolved against the final URL: the body's `<base href>` does not apply to a header.
 */
export function canonicalHeaderTargets(
  header: string | undefined,
  finalUrl: string,
): CanonicalDeclaration[] {
  if (header === undefined) return [];
  const declared: CanonicalDeclaration[] = [];
  for (const [, target, params] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!relations.includes('canonical')) continue;
    const written = target.trim();
    declared.push({
      source: 'header',
      written,
      url: declaredHttpUrl(written, URL.parse(finalUrl)),
    });
  }
  return declared;
}

/** Every canonical the page declares: its tags, then its `Link` header's targets. */
export function canonicalDeclarations(
  page: ParsedPage,
  headers: Record<string, string>,
  finalUrl: string,
): CanonicalDeclaration[] {
  return [
    ...canonicalTags(page),
    ...canonicalHeaderTargets(headers.link, finalUrl),
  ];
}

/**
 * The one URL every declaration names (fragments aside), or null: none declared, one
 * that names no http(s) URL, or two that disagree (two tags, a tag and the header)
 * count as no canonical, as Google ignores conflicting ones.
 */
export function agreedCanonical(
  declared: readonly CanonicalDeclaration[],
): URL | null {
  if (declared.length === 0) return null;
  const distinct = new Set<string>();
  for (const { url } of declared) {
    if (url === null) return null;
    distinct.add(withoutFragment(url));
  }
  return distinct.size === 1 ? declared[0].url : null;
}

/** The first canonical written relative (a path, a relative path, scheme-relative), or null. */
export function relativeCanonicalOf(
  declared: readonly CanonicalDeclaration[],
): string | null {
  return declared.find((d) => isRelativeReference(d.written))?.written ?? null;
}

/** An hreflang alternate the page declares in `<link rel="alternate" hreflang>`. */
export interface HreflangDeclaration {
  lang: string;
  written: string;
  /** Resolved against the page's base URL; null when it names no http(s) URL. */
  url: URL | null;
}

/** The page's hreflang alternates, in document order. */
export function hreflangDeclarations(page: ParsedPage): HreflangDeclaration[] {
  return elementsOf(page, 'link')
    .filter(
      (link) =>
        tokensOf(link, 'rel').includes('alternate') &&
        link.attribs.hreflang !== undefined,
    )
    .map((link) => {
      const written = (link.attribs.href ?? '').trim();
      return {
        lang: link.attribs.hreflang.trim(),
        written,
        url: declaredHttpUrl(written, page.baseUrl),
      };
    });
}

/**
 * The scope of a site audit (SITE-AUDIT.md, "Words"): URLs on the site origin, or on
 * its twin of the other scheme when the origin uses its scheme's default port;
 * `include` and `exclude` path prefixes narrow it. The start URL is always in it.
 */

const DEFAULT_PORTS: Record<string, string> = {
  'http:': '80',
  'https:': '443',
};

/** A URL as the audit names it: scheme and host lowercased, default port and fragment dropped, dot segments resolved, an empty path made `/`. */
export function normaliseUrl(href: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  return url.href;
}

export class CrawlScope {
  private readonly origins: ReadonlySet<string>;

  constructor(
    /** The origin the start URL ends on after its redirects. */
    readonly origin: string,
    private readonly include: readonly string[],
    private readonly exclude: readonly string[],
    private readonly startUrl: string,
  ) {
    const site = new URL(origin);
    const origins = new Set([site.origin]);
    if (site.port === '') {
      const twin = new URL(site.href);
      twin.protocol = site.protocol === 'https:' ? 'http:' : 'https:';
      origins.add(twin.origin);
    }
    this.origins = origins;
  }

  /** Whether a normalised URL is on the site and passes include and exclude. */
  inScope(url: string): boolean {
    if (url === this.startUrl) return true;
    const parsed = URL.parse(url);
    if (!parsed || !this.origins.has(parsed.origin)) return false;
    const path = parsed.pathname;
    if (this.exclude.some((prefix) => path.startsWith(prefix))) return false;
    return (
      this.include.length === 0 ||
      this.include.some((prefix) => path.startsWith(prefix))
    );
  }

  /** Whether a URL is on the site's host (its origin or twin), whatever include and exclude say. */
  onSite(url: string): boolean {
    const parsed = URL.parse(url);
    return parsed !== null && this.origins.has(parsed.origin);
  }
}

/** The port a URL's connection uses, for per-host politeness keys. */
export function hostKeyOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || DEFAULT_PORTS[parsed.protocol]}`;
}

/** A script or style sheet as the site answered it, kept for the next pages of its crawl. */
export interface CachedResource {
  status: number;
  /** Lowercased names, as the browser gave them. */
  headers: Record<string, string>;
  body: Buffer;
}

/** What the pages of one crawl share: the scripts and style sheets they load. */
export const CACHED_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'script',
  'stylesheet',
]);

export interface ResourceCacheLimits {
  /** All bodies kept, in bytes: past it the oldest go first. */
  maxBytes: number;
  /** One body: a larger one is fetched each time. */
  maxEntryBytes: number;
}

export const DEFAULT_RESOURCE_CACHE_LIMITS: ResourceCacheLimits = {
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 4 * 1024 * 1024,
};

/**
 * The scripts and style sheets of one crawl's renders, by URL, whatever their caching
 * headers say (Google's renderer "may ignore caching headers" and caches aggressively:
 * docs/rendering.md); `no-store` answers and anything but a 200 are never kept.
 * Playwright turns the browser's own HTTP cache off while it routes requests, so the
 * crawl's renders share this one instead.
 */
export class ResourceCache {
  private readonly entries = new Map<string, CachedResource>();
  private bytes = 0;
  /** Resources served from the cache, and kept in it, since it was made. */
  hits = 0;
  stored = 0;

  constructor(
    private readonly limits: ResourceCacheLimits = DEFAULT_RESOURCE_CACHE_LIMITS,
  ) {}

  get(url: string): CachedResource | undefined {
    const entry = this.entries.get(url);
    if (entry === undefined) return undefined;
    // Most recently used last: the oldest go first when the cache is full.
    this.entries.delete(url);
    this.entries.set(url, entry);
    this.hits += 1;
    return entry;
  }

  /** Keeps `resource` when it may be kept and fits; true when it was. */
  put(url: string, resource: CachedResource): boolean {
    if (!mayKeep(resource, this.limits.maxEntryBytes)) return false;
    const old = this.entries.get(url);
    if (old) {
      this.entries.delete(url);
      this.bytes -= old.body.length;
    }
    this.entries.set(url, resource);
    this.bytes += resource.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
    this.stored += 1;
    return this.entries.has(url);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

function mayKeep(resource: CachedResource, maxEntryBytes: number): boolean {
  if (resource.status !== 200) return false;
  if (resource.body.length > maxEntryBytes) return false;
  const control = resource.headers['cache-control'] ?? '';
  return !/(^|[\s,])no-store([\s,;]|$)/i.test(control);
}

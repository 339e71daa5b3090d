import { combined } from './frontier-decisions.js';
import type { FrontierOrder } from './frontier-decisions.js';
import type { KeyedDiscovery } from './crawl-records.js';

/** How many URLs of all its crawls one process remembers. */
const REMEMBERED_AT_MOST = 100_000;

function same(a: FrontierOrder, b: FrontierOrder): boolean {
  return (
    a.crawlable === b.crawlable &&
    a.via === b.via &&
    a.depth === b.depth &&
    a.parentPlace === b.parentPlace &&
    a.position === b.position
  );
}

/**
 * What one process saw written to its crawls' frontiers: each URL with the best
 * breadth-first place it saw for it. The frontier holds at least that much (rows are
 * never taken back, and combined() only improves), so a mention that improves nothing
 * here improves nothing there either, and is not written again: the links every page
 * of a site shares (its menus) cost one write a crawl, not one a page. Bounded: the
 * oldest URLs are forgotten first, and a forgotten one is only written once more.
 */
export class KnownUrls {
  private readonly known = new Map<string, FrontierOrder>();

  constructor(private readonly atMost = REMEMBERED_AT_MOST) {}

  /** The mentions of a page worth writing: of URLs not seen, or better than what was seen. */
  worthWriting<D extends KeyedDiscovery>(
    crawlId: string,
    parentPlace: number,
    discoveries: readonly D[],
  ): D[] {
    return discoveries.filter((discovery) => {
      const seen = this.known.get(`${crawlId}:${discovery.hash}`);
      return (
        seen === undefined ||
        !same(seen, combined(seen, { ...discovery, parentPlace }))
      );
    });
  }

  /** Once written (committed): remembers what the frontier now holds at least. */
  remember(
    crawlId: string,
    parentPlace: number,
    written: readonly KeyedDiscovery[],
  ): void {
    for (const discovery of written) {
      const key = `${crawlId}:${discovery.hash}`;
      const mention = { ...discovery, parentPlace };
      const seen = this.known.get(key);
      this.known.delete(key);
      if (this.known.size >= this.atMost) {
        this.known.delete(this.known.keys().next().value!);
      }
      this.known.set(
        key,
        seen === undefined ? order(mention) : combined(seen, mention),
      );
    }
  }
}

function order(mention: FrontierOrder): FrontierOrder {
  return {
    crawlable: mention.crawlable,
    via: mention.via,
    depth: mention.depth,
    parentPlace: mention.parentPlace,
    position: mention.position,
  };
}

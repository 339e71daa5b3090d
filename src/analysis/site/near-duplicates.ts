import {
  DUPLICATE_CONTENT_MIN_WORDS,
  DUPLICATE_OTHERS_MAX,
} from './duplicates.js';
import type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawlFacts,
  SitePage,
} from './site-crawl.js';
import {
  estimatedSimilarity,
  MINHASH_PERMUTATIONS,
  minhashMinima,
} from './text-minhash.js';

/**
 * Indexable pages whose main texts are nearly the same (a paragraph, a date or a sidebar
 * apart), by the MinHash signatures the crawl kept (text-minhash). Pages are paired by
 * locality-sensitive hashing, never all with all: the 128 minima cut into b bands of r,
 * two pages are candidates when one band is equal in both, then kept when their estimated
 * similarity reaches the threshold. A pair of Jaccard similarity s is a candidate with
 * probability 1 - (1 - s^r)^b; at the default threshold, 16 bands of 8: 0.9999 at 0.9,
 * 0.95 at 0.8, 0.06 at 0.5, 0.001 at 0.3.
 */

/** Screaming Frog's default: pages 90% alike by MinHash are near duplicates. */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;
/** A pair at the threshold is a candidate with at least this probability. */
const CANDIDATE_RECALL = 0.999;

/** The chance that a pair of Jaccard similarity s shares a band of r rows among b. */
export function candidateProbability(
  similarity: number,
  layout: BandLayout,
): number {
  return 1 - (1 - similarity ** layout.rows) ** layout.bands;
}

export interface BandLayout {
  bands: number;
  rows: number;
}

/**
 * The fewest bands (so the fewest candidates far below the threshold) that still make
 * a pair at the threshold a candidate with CANDIDATE_RECALL: 16 × 8 at 0.9.
 */
export function bandLayoutFor(similarity: number): BandLayout {
  for (let bands = 1; bands < MINHASH_PERMUTATIONS; bands *= 2) {
    const layout = { bands, rows: MINHASH_PERMUTATIONS / bands };
    if (candidateProbability(similarity, layout) >= CANDIDATE_RECALL) {
      return layout;
    }
  }
  return { bands: MINHASH_PERMUTATIONS, rows: 1 };
}

export interface NearDuplicateOptions {
  /** The estimated Jaccard similarity from which two pages are near duplicates (0 to 1). */
  similarity?: number;
}

/** Pages joined by near-duplicate pairs, in page id order, each with its similarity to the first. */
export interface NearDuplicateCluster {
  pages: SitePage[];
  /** Each page's estimated similarity to the cluster's first page; the first's, to the second. */
  similarities: number[];
}

interface Candidate {
  page: SitePage;
  minima: Int32Array;
  /** Pages with the same text (duplicate_content's copies): judged as one. */
  copies: SitePage[];
}

/** The candidates: indexable pages of 50 words or more with a signature, exact copies as one. */
function candidatesOf(
  facts: Pick<SiteCrawlFacts, 'pages' | 'indexable'>,
): Candidate[] {
  const byText = new Map<string, Candidate>();
  const candidates: Candidate[] = [];
  for (const page of facts.pages) {
    if (!facts.indexable(page)) continue;
    if (page.words < DUPLICATE_CONTENT_MIN_WORDS || page.minhash === null) {
      continue;
    }
    const minima = minhashMinima(page.minhash);
    if (minima === null) continue;
    const copy =
      page.textDigest === null ? undefined : byText.get(page.textDigest);
    if (copy) {
      copy.copies.push(page);
      continue;
    }
    const candidate = { page, minima, copies: [page] };
    candidates.push(candidate);
    if (page.textDigest !== null) byText.set(page.textDigest, candidate);
  }
  return candidates;
}

/** A band's 8 minima as one key (mixed FNV: a rare collision is only a pair to verify). */
function bandKey(minima: Int32Array, band: number, rows: number): number {
  let key = 0x811c9dc5;
  for (let row = band * rows; row < (band + 1) * rows; row++) {
    key = Math.imul(key ^ minima[row], 0x01000193);
  }
  return key >>> 0;
}

/**
 * The clusters of near-duplicate pages: candidate pairs by LSH banding, verified by
 * estimated similarity, joined by union-find; a page with the same text as another
 * (duplicate_content) goes with it. Clusters of exact copies only are left out; clusters
 * come in the order of their first page.
 */
export function nearDuplicateClusters(
  facts: Pick<SiteCrawlFacts, 'pages' | 'indexable'>,
  options: NearDuplicateOptions = {},
): NearDuplicateCluster[] {
  const threshold = options.similarity ?? NEAR_DUPLICATE_SIMILARITY;
  const { bands, rows } = bandLayoutFor(threshold);
  const candidates = candidatesOf(facts);
  const n = candidates.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const verified = new Set<number>();
  for (let band = 0; band < bands; band++) {
    const buckets = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const key = bandKey(candidates[i].minima, band, rows);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(i);
      else buckets.set(key, [i]);
    }
    for (const bucket of buckets.values()) {
      for (let a = 0; a < bucket.length; a++) {
        for (let b = a + 1; b < bucket.length; b++) {
          const [i, j] = [bucket[a], bucket[b]];
          // Already joined, or already compared in an earlier band.
          if (find(i) === find(j)) continue;
          const pair = i * n + j;
          if (verified.has(pair)) continue;
          verified.add(pair);
          if (
            estimatedSimilarity(candidates[i].minima, candidates[j].minima) >=
            threshold
          ) {
            parent[find(j)] = find(i);
          }
        }
      }
    }
  }
  const groups = new Map<number, Candidate[]>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(candidates[i]);
    else groups.set(root, [candidates[i]]);
  }
  const clusters: NearDuplicateCluster[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const minimaOf = new Map<SitePage, Int32Array>();
    for (const candidate of group) {
      for (const page of candidate.copies) minimaOf.set(page, candidate.minima);
    }
    const pages = [...minimaOf.keys()].sort((a, b) => a.id - b.id);
    const first = minimaOf.get(pages[0])!;
    const similarities = pages.map((page, index) =>
      estimatedSimilarity(
        minimaOf.get(page)!,
        index === 0 ? minimaOf.get(pages[1])! : first,
      ),
    );
    clusters.push({ pages, similarities });
  }
  return clusters.sort((a, b) => a.pages[0].id - b.pages[0].id);
}

/** A similarity as evidence: two decimals, rounded down (0.898 is 0.89, not 0.90). */
function percentOf(similarity: number): number {
  return Math.floor(similarity * 100 + 1e-9) / 100;
}

export const nearDuplicate: SiteCheck = {
  id: 'near_duplicate',
  title: 'Near-duplicate content',
  importance: 'low',
  gate: 'warn',
  facts: ['noindex', 'canonical', 'words', 'textDigest', 'minhash'],
  affectedPage: 'every page of a group',
  affectsWhen: `Two or more indexable pages of at least ${DUPLICATE_CONTENT_MIN_WORDS} words, whose visible body texts differ, have main texts (nav, header, footer and sidebars left out) whose 3-word shingles are at least ${NEAR_DUPLICATE_SIMILARITY * 100}% alike by a MinHash estimate (exact copies of a page of the group join it); the value is the page's estimated similarity to the group's first page (the first page's, to the second), how many pages the group has and up to ${DUPLICATE_OTHERS_MAX} of its other URLs.`,
  advice:
    'Merge pages that say nearly the same thing into one, redirecting the others to it, or give the copies a canonical link naming it; when each page has a purpose of its own, write what sets it apart.',
  run: (facts) => {
    const findings: SiteCheckFinding[] = [];
    for (const { pages, similarities } of nearDuplicateClusters(facts)) {
      pages.forEach((page, index) => {
        const others = pages
          .slice(0, DUPLICATE_OTHERS_MAX + 1)
          .filter((other) => other !== page)
          .slice(0, DUPLICATE_OTHERS_MAX)
          .map((other) => other.url);
        findings.push({
          pageId: page.id,
          value: {
            similarity: percentOf(similarities[index]),
            pages: pages.length,
            others,
          },
        });
      });
    }
    return findings.sort((a, b) => a.pageId - b.pageId);
  },
};

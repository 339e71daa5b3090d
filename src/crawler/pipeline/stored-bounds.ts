import { PAGE_FACT_NAMES, pageFact } from '../../analysis/index.js';
import type {
  ReadPageFacts,
  RecordedPageFacts,
  StoredCheck,
  StoredResults,
} from '../../analysis/index.js';

/**
 * What the crawl keeps of a page, bounded whatever the page holds: a site controls
 * its titles, descriptions, anchors and the evidence its checks find, and a page's
 * stored texts and its API answer stay well under 1 MB. The checks judge the whole
 * text first; what is stored is cut, and the page says so.
 */

/** Links of a page read: its first ones, each target once, in page order (past real indexes: rust-doc's hold over 5,000). */
export const LINKS_MAX = 25_000;
/** Characters of all a page's anchors kept together (each is at most 200 already). */
export const ANCHORS_MAX = 128 * 1_024;
/** Characters of one string of a check's evidence or message kept. */
export const EVIDENCE_TEXT_MAX = 1_024;
/** Items of one list of a check's evidence kept. */
export const EVIDENCE_ITEMS_MAX = 100;
/** Characters of a page's results, as JSON, past which their evidence is cut harder. */
export const RESULTS_MAX = 256 * 1_024;

/** What is left once cut: at most `max` characters, never half a surrogate pair. */
function cutTo(text: string, max: number): string {
  const kept = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** A text bounded: `cut` says whether anything was left out. */
export function boundedText(
  text: string | null,
  max: number,
): { text: string | null; cut: boolean } {
  if (text === null || text.length <= max) return { text, cut: false };
  return { text: cutTo(text, max), cut: true };
}

/**
 * A page's facts bounded as the table declares (page-facts.ts): a text cut to its
 * characters, a list to its first items; `textsCut` and `listsCut` say one was.
 */
export function boundedFacts(facts: ReadPageFacts): {
  facts: RecordedPageFacts;
  textsCut: boolean;
  listsCut: boolean;
} {
  let textsCut = false;
  let listsCut = false;
  const bounded: Record<string, unknown> = { ...facts };
  for (const name of PAGE_FACT_NAMES) {
    const { bound } = pageFact(name);
    const value: unknown = facts[name];
    if (bound === undefined) continue;
    if (typeof value === 'string') {
      const kept = boundedText(value, bound);
      bounded[name] = kept.text;
      textsCut ||= kept.cut;
    } else if (Array.isArray(value) && value.length > bound) {
      bounded[name] = value.slice(0, bound);
      listsCut = true;
    }
  }
  return { facts: bounded as RecordedPageFacts, textsCut, listsCut };
}

/** Anchors bounded together: each kept whole while the budget lasts, then cut, then empty. */
export function boundedAnchors(
  anchors: string[],
  max = ANCHORS_MAX,
): { anchors: string[]; cut: boolean } {
  let left = max;
  let cut = false;
  const kept = anchors.map((anchor) => {
    if (anchor.length <= left) {
      left -= anchor.length;
      return anchor;
    }
    cut = true;
    const part = cutTo(anchor, left);
    left = 0;
    return part;
  });
  return { anchors: kept, cut };
}

function boundedValue(
  value: unknown,
  textMax: number,
  itemsMax: number,
  state: { cut: boolean },
): unknown {
  if (typeof value === 'string') {
    if (value.length <= textMax) return value;
    state.cut = true;
    return cutTo(value, textMax);
  }
  if (Array.isArray(value)) {
    if (value.length > itemsMax) state.cut = true;
    return value
      .slice(0, itemsMax)
      .map((item) => boundedValue(item, textMax, itemsMax, state));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        boundedValue(item, textMax, itemsMax, state),
      ]),
    );
  }
  return value;
}

/**
 * A page's stored results bounded: the message and evidence of each check cut (its
 * strings and lists); if the whole is still past RESULTS_MAX, cut ten times harder.
 */
export function boundedResults(results: StoredResults): {
  results: StoredResults;
  cut: boolean;
} {
  const state = { cut: false };
  const bound = (checks: StoredCheck[], textMax: number, itemsMax: number) =>
    checks.map(([id, passed, message, value]): StoredCheck => [
      id,
      passed,
      boundedValue(message, textMax, itemsMax, state) as string,
      boundedValue(value, textMax, itemsMax, state),
    ]);
  const once = {
    ...results,
    checks: bound(results.checks, EVIDENCE_TEXT_MAX, EVIDENCE_ITEMS_MAX),
  };
  if (JSON.stringify(once).length <= RESULTS_MAX) {
    return { results: once, cut: state.cut };
  }
  return {
    results: {
      ...once,
      checks: bound(
        once.checks,
        EVIDENCE_TEXT_MAX / 10,
        EVIDENCE_ITEMS_MAX / 10,
      ),
    },
    cut: true,
  };
}

/**
 * How a search of the reports list is counted: the bounds, and which terms the
 * trigram index is asked about first. Pure: the statements are in
 * report-list.repository.ts.
 */

/**
 * A search with at most this many matches in the account sorts its matches rather
 * than walking the account in order: the planner judges a term by the whole table,
 * and a term common elsewhere but rare here made it walk a million rows for a page.
 */
export const FEW_MATCHES = 2_000;

/**
 * A search counts its matches exactly up to this many (one more is read to know it
 * is past); beyond, the total is an estimate. The same bound as FEW_MATCHES: an exact
 * total is what lets a page sort a search's few matches.
 */
export const EXACT_SEARCH_TOTAL = FEW_MATCHES;

/**
 * How many of the newest reports a search's count reads first, to judge its term: a
 * term the sample projects to few matches is counted through the trigram index, a
 * common one by walking on. About a millisecond of index entries.
 */
export const SEARCH_SAMPLE = 2_000;

/**
 * How many of the newest reports the walk of a common term reads at most (sample
 * included) before it turns to the trigram index: a term in more than one in 25 of
 * them is past the bound by then. Reading them costs about 8 ms at most.
 */
export const SEARCH_WALK = 50_000;

/** How far a search's count reads the newest reports: the sample, then the walk. */
export interface SearchReach {
  sample: number;
  walk: number;
}

/**
 * Whether a sample of `examined` reports with `matches` among them leaves it likely
 * that at most EXACT_SEARCH_TOTAL of the `kept` reports match: the matches less two
 * standard deviations (a Poisson count), projected. Such a term is counted through
 * the trigram index first (its bitmap is small, the count exact); a term the sample
 * shows to be past the bound is walked instead.
 */
export function mayBeFew(
  matches: number,
  examined: number,
  kept: number,
): boolean {
  const low = Math.max(0, matches - 2 * Math.sqrt(matches));
  return (low / examined) * kept <= EXACT_SEARCH_TOTAL;
}

/**
 * How long a term the sample judged rare may take in the trigram index: a term rare
 * among the newest reports but common among older ones builds a large bitmap, and is
 * cut short and walked.
 */
export const TRIGRAM_FIRST_MS = 50;

/** PostgreSQL's SQLSTATE of a statement cancelled by statement_timeout. */
export const QUERY_CANCELED = '57014';

/** The planner settings of a count through the trigram index: bitmap scans only. */
export const TRIGRAM_COUNT_SETTINGS = {
  enable_seqscan: 'off',
  enable_indexscan: 'off',
};

export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The pattern of a walk, tested against url_folded (UrlFolded): the term lowered as
 * PostgreSQL's lower() in the C collation does, ASCII letters only.
 */
export function foldedPattern(text: string): string {
  return likePattern(text.replace(/[A-Z]/g, (c) => c.toLowerCase()));
}

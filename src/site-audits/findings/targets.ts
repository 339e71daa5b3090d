/**
 * The checks whose evidence names target URLs (a link's, a canonical's, a route's): their
 * findings read best by target, the missing page once with every page pointing at it,
 * rather than the same target said again on each linking page.
 */
export const TARGETED_CHECKS: ReadonlySet<string> = new Set([
  'broken_link',
  'redirected_link',
  'canonical_broken',
  'canonical_redirect',
  'fragment_routes',
  'hreflang_bad_target',
]);

/** What a target of these checks is, where no answer of its own says it: no request was made for it. */
const UNFETCHED_TARGETS: Readonly<Record<string, string>> = {
  fragment_routes: 'a route by fragment: no page of its own to search engines',
};

/** One target of a targeted finding: its answer and the pages that point at it. */
export interface FindingTarget {
  url: string;
  status_code: number | null;
  error: string | null;
  redirect_to: string | null;
  /** Why it is at fault where its answer does not say it (a 200 that is `noindex` or `canonicalised`); null otherwise. */
  reason: string | null;
  /** The pages pointing at it, in the order they were given. */
  sources: string[];
}

interface TargetEvidence {
  url?: unknown;
  status_code?: unknown;
  error?: unknown;
  redirect_to?: unknown;
  reason?: unknown;
}

/** The target evidence of one page: a list of targets (links, or routes as bare URLs) or one (a canonical). */
function targetsIn(value: unknown): TargetEvidence[] {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items
    .map((item) => (typeof item === 'string' ? { url: item } : item))
    .filter(
      (item): item is TargetEvidence =>
        item !== null &&
        typeof item === 'object' &&
        typeof (item as TargetEvidence).url === 'string',
    );
}

/**
 * The targets of a targeted finding, from its affected pages and their evidence: the
 * most pointed-at first, then by URL.
 */
export function targetsOf(
  affected: ReadonlyArray<{ url: string; value: unknown }>,
): FindingTarget[] {
  const byUrl = new Map<string, FindingTarget>();
  for (const page of affected) {
    for (const evidence of targetsIn(page.value)) {
      const url = evidence.url as string;
      let target = byUrl.get(url);
      if (!target) {
        target = {
          url,
          status_code:
            typeof evidence.status_code === 'number'
              ? evidence.status_code
              : null,
          error: typeof evidence.error === 'string' ? evidence.error : null,
          redirect_to:
            typeof evidence.redirect_to === 'string'
              ? evidence.redirect_to
              : null,
          reason: typeof evidence.reason === 'string' ? evidence.reason : null,
          sources: [],
        };
        byUrl.set(url, target);
      }
      if (!target.sources.includes(page.url)) target.sources.push(page.url);
    }
  }
  return [...byUrl.values()].sort(
    (a, b) =>
      b.sources.length - a.sources.length ||
      (a.url < b.url ? -1 : a.url > b.url ? 1 : 0),
  );
}

/** A target's answer in words: `404`, `404 → /new`, `200 (noindex)`, the error, or what `checkId`'s unfetched targets are. */
export function answerOf(target: FindingTarget, checkId?: string): string {
  const status =
    target.status_code !== null &&
    target.status_code >= 200 &&
    target.status_code < 300 &&
    target.reason !== null
      ? `${target.status_code} (${target.reason})`
      : String(target.status_code);
  const answer =
    target.status_code !== null
      ? status
      : (target.error ??
        (checkId ? UNFETCHED_TARGETS[checkId] : undefined) ??
        'no answer');
  return target.redirect_to ? `${answer} → ${target.redirect_to}` : answer;
}

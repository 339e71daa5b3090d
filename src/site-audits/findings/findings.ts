import { CHECKS, SITE_CHECKS } from '../../analysis/index.js';
import type { Category, Importance } from '../../analysis/index.js';

/**
 * Where a finding lives: `host`, one fact about the server (the same verdict on every
 * page); `template`, one page check failing on (nearly) every HTML page, one cause in
 * the site's template; `site`, a check across pages (duplicates, links, canonicals);
 * `page`, a page check failing on some pages.
 */
export const FINDING_SCOPES = ['host', 'template', 'site', 'page'] as const;
export type FindingScope = (typeof FINDING_SCOPES)[number];

/** A page check failing on at least this share of the HTML pages is the template's. */
export const TEMPLATE_SHARE = 0.9;
/** …and on at least this many pages: two pages are no template. */
export const TEMPLATE_MIN_PAGES = 3;

const IMPORTANCE_WEIGHT: Record<Importance, number> = {
  high: 3,
  medium: 2,
  low: 1,
};

/** What the catalogue says of a check an audit reports. */
export interface CheckEntry {
  id: string;
  kind: 'page' | 'site';
  host: boolean;
  title: string;
  importance: Importance;
  advice: string;
  /** The page check's category; `site` for a check across pages. */
  category: Category | 'site';
  /** One sentence: when a page check passes, or when a site check affects a page. */
  explains: string;
}

const ENTRIES = new Map<string, CheckEntry>([
  ...CHECKS.map((check): [string, CheckEntry] => [
    check.id,
    {
      id: check.id,
      kind: 'page',
      host: check.host === true,
      title: check.title,
      importance: check.importance,
      advice: check.advice,
      category: check.category,
      explains: check.passesWhen,
    },
  ]),
  ...SITE_CHECKS.map((check): [string, CheckEntry] => [
    check.id,
    {
      id: check.id,
      kind: 'site',
      host: false,
      title: check.title,
      importance: check.importance,
      advice: check.advice,
      category: 'site',
      explains: check.affectsWhen,
    },
  ]),
]);

/** The catalogue's entry of a page or site check; undefined for an id that names none. */
export function checkEntryOf(id: string): CheckEntry | undefined {
  return ENTRIES.get(id);
}

/** Every page and site check id, sorted: what a filter by check accepts. */
export const KNOWN_CHECK_IDS: readonly string[] = [...ENTRIES.keys()].sort();

/** One check that affects pages of an audit, where it lives and how much it matters. */
export interface AuditFinding {
  id: string;
  scope: FindingScope;
  title: string;
  importance: Importance;
  /** Higher first: importance × reach (docs/site-audits.md, "Which finding first"). */
  priority: number;
  pages: number;
  /** What to change, from the catalogue. */
  advice: string;
}

/** Where a check's verdict lives, given how many pages it affects of the audit's HTML pages. */
export function scopeOf(
  entry: CheckEntry,
  pages: number,
  htmlPages: number,
): FindingScope {
  if (entry.kind === 'site') return 'site';
  if (entry.host) return 'host';
  if (pages >= TEMPLATE_MIN_PAGES && pages >= TEMPLATE_SHARE * htmlPages) {
    return 'template';
  }
  return 'page';
}

/**
 * A page or site finding: 10 × its importance's weight (3, 2, 1), plus that much again
 * times its reach (the share of HTML pages it affects, rounded up). A host or template
 * fact: 5 × the weight, for it is one fix, made once; so every problem found on the
 * pages (a broken link, a duplicate title) ranks above every such fact.
 */
export function priorityOf(
  importance: Importance,
  scope: FindingScope,
  pages: number,
  htmlPages: number,
): number {
  if (scope === 'host' || scope === 'template') {
    return 5 * IMPORTANCE_WEIGHT[importance];
  }
  const base = 10 * IMPORTANCE_WEIGHT[importance];
  const reach = Math.min(1, pages / Math.max(1, htmlPages));
  return base + Math.ceil(base * reach);
}

/** Ties of priority: real problems before facts, then most pages, then by id. */
const SCOPE_ORDER: Record<FindingScope, number> = {
  site: 0,
  page: 1,
  template: 2,
  host: 3,
};

/**
 * The findings of a judged audit, highest priority first, from its issue counts
 * (`{check_id: pages}`) and how many of its pages are HTML pages.
 */
export function findingsOf(
  issues: Record<string, number>,
  htmlPages: number,
): AuditFinding[] {
  return Object.entries(issues)
    .map(([id, pages]): AuditFinding => {
      const entry: CheckEntry = checkEntryOf(id) ?? {
        id,
        kind: 'page',
        host: false,
        title: id,
        importance: 'low',
        advice: '',
        category: 'miscellaneous',
        explains: '',
      };
      const scope = scopeOf(entry, pages, htmlPages);
      return {
        id,
        scope,
        title: entry.title,
        importance: entry.importance,
        priority: priorityOf(entry.importance, scope, pages, htmlPages),
        pages,
        advice: entry.advice,
      };
    })
    .sort(
      (a, b) =>
        b.priority - a.priority ||
        SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] ||
        b.pages - a.pages ||
        a.id.localeCompare(b.id),
    );
}

/** Edits (insert, delete, substitute) between two ids: how far a typo is from a check. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}

/** The known check ids nearest to an unknown one (at most 3 edits away), nearest first. */
export function nearestCheckIds(id: string): string[] {
  const scored = KNOWN_CHECK_IDS.map((known) => ({
    known,
    distance: editDistance(id, known),
  })).filter(({ distance }) => distance <= 3);
  const best = Math.min(...scored.map(({ distance }) => distance));
  return scored
    .filter(({ distance }) => distance === best)
    .map(({ known }) => known);
}

/** Why a filter's check id is refused: which it may have meant, and every one it may name. */
export function unknownCheckIdMessage(field: string, id: string): string {
  const nearest = nearestCheckIds(id);
  const guess =
    nearest.length > 0
      ? ` Did you mean ${nearest.map((n) => `"${n}"`).join(' or ')}?`
      : '';
  return `${field} must be a page or site check id; "${id}" is none.${guess} The check ids: ${KNOWN_CHECK_IDS.join(', ')}.`;
}

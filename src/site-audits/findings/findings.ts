import { CHECKS, SITE_CHECKS } from '../../analysis/index.js';
import type { CheckCategory, Importance } from '../../analysis/index.js';

/**
 * Where a finding lives: `host`, one fact about the server (the same verdict on every
 * page); `template`, one page check failing on (nearly) every page of one or more of the
 * site's templates, one cause in each template; `site`, a check across pages
 * (duplicates, links, canonicals); `page`, a page check failing on some pages.
 */
export const FINDING_SCOPES = ['host', 'template', 'site', 'page'] as const;
export type FindingScope = (typeof FINDING_SCOPES)[number];

/** A page check failing on at least this share of a template's pages is the template's. */
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
  category: CheckCategory | 'site';
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

/** A template of an audit, as its findings name it. */
export interface AuditTemplate {
  ordinal: number;
  name: string;
  pattern: string;
  /** Its HTML pages answered 2xx. */
  pageCount: number;
}

/** A template where a check fails as the template's, and on how many of its pages. */
export interface TemplateDefect {
  ordinal: number;
  failing: number;
}

/**
 * What an audit's judgement keeps of its template findings: for each page check failing
 * as one or more templates', those templates and their failing pages.
 */
export type TemplateIssues = Record<string, TemplateDefect[]>;

/** A template a finding names: its pattern, its pages and how many of them fail. */
export interface FindingTemplate {
  id: number;
  name: string;
  pattern: string;
  pages: number;
  failing: number;
}

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
  /** A template finding's templates, the most failing pages first; empty for the others. */
  templates: FindingTemplate[];
}

/**
 * The template findings of a judged audit, from each template's failing pages by check
 * (`failing.get(ordinal)`: `{check_id: pages}`): a page check fails as a template's where
 * it fails on at least 90% of that template's pages, 3 or more. A page check failing on
 * 90% of all the HTML pages (3 or more) is the shared layout's: every template it fails
 * on is named. Host and site checks have none.
 */
export function templateIssuesOf(
  failing: ReadonlyMap<number, Record<string, number>>,
  templates: readonly AuditTemplate[],
  issues: Record<string, number>,
  htmlPages: number,
): TemplateIssues {
  const found: TemplateIssues = {};
  for (const [id, pages] of Object.entries(issues)) {
    const entry = checkEntryOf(id);
    if (!entry || entry.kind !== 'page' || entry.host) continue;
    const everywhere =
      pages >= TEMPLATE_MIN_PAGES && pages >= TEMPLATE_SHARE * htmlPages;
    const defects = templates.flatMap((template): TemplateDefect[] => {
      const count = failing.get(template.ordinal)?.[id] ?? 0;
      const own =
        count >= TEMPLATE_MIN_PAGES &&
        count >= TEMPLATE_SHARE * template.pageCount;
      return (everywhere && count > 0) || own
        ? [{ ordinal: template.ordinal, failing: count }]
        : [];
    });
    if (defects.length > 0) found[id] = defects;
  }
  return found;
}

/**
 * Which of a check's failing pages a finding holds: those of the given templates
 * (`inside`), or every other one. Null: all of them.
 */
export interface FindingPart {
  templates: number[];
  inside: boolean;
}

/**
 * The pages of a finding, where its check is split between a template finding (the
 * pages of its templates) and a page finding (the others); null where it is not.
 */
export function partOf(
  finding: Pick<AuditFinding, 'id' | 'scope'>,
  templateIssues: TemplateIssues | null,
): FindingPart | null {
  const defects = templateIssues?.[finding.id] ?? [];
  if (defects.length === 0) return null;
  const templates = defects.map((d) => d.ordinal);
  if (finding.scope === 'template') return { templates, inside: true };
  if (finding.scope === 'page') return { templates, inside: false };
  return null;
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
 * times its reach (the share of HTML pages it affects, rounded up): 11 to 60. A template
 * finding: 10 + 3 × the weight (13, 16, 19), for it is one fix, made once: below every
 * medium or high problem found on the pages (21 and more: a broken link, a duplicate
 * title), above a low-importance defect scattered over a fifth of the pages or fewer
 * (11, 12). A host fact: 5 × the weight (5, 10, 15), a setting of the server.
 */
export function priorityOf(
  importance: Importance,
  scope: FindingScope,
  pages: number,
  htmlPages: number,
): number {
  if (scope === 'host') return 5 * IMPORTANCE_WEIGHT[importance];
  if (scope === 'template') return 10 + 3 * IMPORTANCE_WEIGHT[importance];
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
 * (`{check_id: pages}`), how many of its pages are HTML pages, and its template findings
 * with its templates (null for an audit judged before templates were: then a page check
 * on 90% of all HTML pages is the template's, naming none). A check failing as some
 * templates' and on other pages too is two findings: the template finding, and a page
 * finding of the other pages.
 */
export function findingsOf(
  issues: Record<string, number>,
  htmlPages: number,
  byTemplate: {
    issues: TemplateIssues;
    templates: readonly AuditTemplate[];
  } | null = null,
): AuditFinding[] {
  const templates = new Map(
    (byTemplate?.templates ?? []).map((t) => [t.ordinal, t]),
  );
  return Object.entries(issues)
    .flatMap(([id, pages]): AuditFinding[] => {
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
      const finding = (scope: FindingScope, count: number) => ({
        id,
        scope,
        title: entry.title,
        importance: entry.importance,
        priority: priorityOf(entry.importance, scope, count, htmlPages),
        pages: count,
        advice: entry.advice,
        templates: [] as FindingTemplate[],
      });
      if (byTemplate === null)
        return [finding(scopeOf(entry, pages, htmlPages), pages)];
      const defects = byTemplate.issues[id] ?? [];
      const named = defects
        .map(({ ordinal, failing }): FindingTemplate => {
          const template = templates.get(ordinal);
          return {
            id: ordinal,
            name: template?.name ?? `template ${ordinal}`,
            pattern: template?.pattern ?? '',
            pages: template?.pageCount ?? failing,
            failing,
          };
        })
        .sort((a, b) => b.failing - a.failing || a.id - b.id);
      const inTemplates = named.reduce((sum, t) => sum + t.failing, 0);
      const scope = scopeOf(entry, pages, htmlPages);
      const own: AuditFinding[] =
        named.length > 0
          ? [{ ...finding('template', inTemplates), templates: named }]
          : [];
      const rest = pages - inTemplates;
      if (rest > 0)
        own.push(finding(scope === 'template' ? 'page' : scope, rest));
      return own;
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

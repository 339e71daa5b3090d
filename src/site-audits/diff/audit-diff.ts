/**
 * What changed between two audits of one site, as pure code: pages matched by their
 * normalised URL, each kind of change counted once with every page it touches (a
 * template change on 500 pages is one change of 500 pages).
 */

import { THRESHOLDS } from '../../analysis/index.js';

/** The kinds of change, in the order a diff lists them. */
export const CHANGE_TYPES = [
  'issue_appeared',
  'issue_fixed',
  'page_added',
  'page_removed',
  'status_code',
  'redirect_to',
  'indexable',
  'noindex',
  'title',
  'meta_description',
  'canonical',
  'hreflang',
] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** A page of an audit as a diff compares it. */
export interface DiffPage {
  url: string;
  /** Answered 200 with HTML: only then are its title, description, canonical, noindex and hreflang read. */
  html: boolean;
  status_code: number | null;
  redirect_to: string | null;
  indexable: boolean;
  noindex: boolean;
  title: string | null;
  meta_description: string | null;
  canonical: string | null;
  hreflang: Array<{ lang: string; url: string }> | null;
  failed_checks: string[];
  /** What response_time measured (ms); null when not judged. */
  response_ms: number | null;
}

/**
 * A timing verdict flaps with the load of the moment (the site's or the auditing
 * machine's), so a diff counts response_time as appeared only when the page now takes
 * more than the limit plus this share (800 ms + 50% = 1,200 ms), and as fixed only when
 * it now takes less than the limit less this share (under 400 ms); a change between
 * is no change.
 */
export const RESPONSE_TIME_MARGIN = 0.5;

/** Whether a response_time change from `was` to `is` is beyond the margin. */
function timingChanged(appeared: boolean, is: DiffPage | undefined): boolean {
  const ms = is?.response_ms ?? null;
  if (ms === null) return true;
  const limit = THRESHOLDS.responseTimeMaxMs;
  return appeared
    ? ms > limit * (1 + RESPONSE_TIME_MARGIN)
    : ms < limit * (1 - RESPONSE_TIME_MARGIN);
}

/** The checks judged by a timing: a change counts only beyond the margin. */
const TIMED_CHECKS = new Set(['response_time']);

/** One page a change touches: what the field was, and what it is. */
export interface PageChange {
  url: string;
  before: unknown;
  after: unknown;
}

/** One kind of change (for the issue kinds, of one check) with the pages it touches. */
export interface AuditChange {
  type: ChangeType;
  /** The check, for issue_appeared and issue_fixed; null otherwise. */
  check_id: string | null;
  /** How many pages it touches. */
  pages: number;
  /** The first pages it touches by URL, at most the cap asked for. */
  items: PageChange[];
}

/** The fields compared on a page of both audits; `contentOnly` ones only when it is HTML in both. */
const FIELDS: ReadonlyArray<{
  type: ChangeType;
  contentOnly: boolean;
  read: (page: DiffPage) => unknown;
}> = [
  { type: 'status_code', contentOnly: false, read: (p) => p.status_code },
  { type: 'redirect_to', contentOnly: false, read: (p) => p.redirect_to },
  { type: 'indexable', contentOnly: false, read: (p) => p.indexable },
  { type: 'noindex', contentOnly: true, read: (p) => p.noindex },
  { type: 'title', contentOnly: true, read: (p) => p.title },
  {
    type: 'meta_description',
    contentOnly: true,
    read: (p) => p.meta_description,
  },
  { type: 'canonical', contentOnly: true, read: (p) => p.canonical },
  { type: 'hreflang', contentOnly: true, read: (p) => hreflangOf(p) },
];

/** Alternates in a stable order, so a reordered head is no change. */
function hreflangOf(page: DiffPage): Array<{ lang: string; url: string }> {
  return [...(page.hreflang ?? [])]
    .map(({ lang, url }) => ({ lang, url }))
    .sort((a, b) =>
      a.lang === b.lang ? compare(a.url, b.url) : compare(a.lang, b.lang),
    );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The changes from `before` to `after`, each kind once with its pages, sorted by URL
 * and capped at `cap` items (`pages` is always the full count). An issue appeared on
 * a page that fails a check it did not fail before (a new page's issues included); it
 * was fixed on a page that failed it and, still an HTML page the checks judge, no
 * longer does. A page removed, or turned into an error or a redirect, is one change of
 * that page (page_removed, status_code, redirect_to), never checks it "fixed".
 */
export function diffAudits(
  before: readonly DiffPage[],
  after: readonly DiffPage[],
  cap: number,
): AuditChange[] {
  const changes = new Map<string, AuditChange & { all: PageChange[] }>();
  const add = (
    type: ChangeType,
    checkId: string | null,
    change: PageChange,
  ) => {
    const key = `${type}:${checkId ?? ''}`;
    let entry = changes.get(key);
    if (!entry) {
      entry = { type, check_id: checkId, pages: 0, items: [], all: [] };
      changes.set(key, entry);
    }
    entry.all.push(change);
  };
  const old = new Map(before.map((page) => [page.url, page]));
  const now = new Map(after.map((page) => [page.url, page]));
  for (const page of after) {
    const was = old.get(page.url);
    if (!was) {
      add('page_added', null, {
        url: page.url,
        before: null,
        after: page.status_code,
      });
    }
    const failedBefore = new Set(was?.failed_checks ?? []);
    for (const checkId of new Set(page.failed_checks)) {
      if (
        !failedBefore.has(checkId) &&
        (!TIMED_CHECKS.has(checkId) || timingChanged(true, page))
      ) {
        add('issue_appeared', checkId, {
          url: page.url,
          before: false,
          after: true,
        });
      }
    }
    if (!was) continue;
    const content = was.html && page.html;
    for (const field of FIELDS) {
      if (field.contentOnly && !content) continue;
      const [from, to] = [field.read(was), field.read(page)];
      if (!same(from, to)) {
        add(field.type, null, { url: page.url, before: from, after: to });
      }
    }
  }
  for (const page of before) {
    const is = now.get(page.url);
    if (!is) {
      add('page_removed', null, {
        url: page.url,
        before: page.status_code,
        after: null,
      });
    }
    // Gone, or no longer a page the checks judge: one change of the page, nothing "fixed".
    if (!is || (page.html && !is.html)) continue;
    const failedNow = new Set(is.failed_checks);
    for (const checkId of new Set(page.failed_checks)) {
      if (
        !failedNow.has(checkId) &&
        (!TIMED_CHECKS.has(checkId) || timingChanged(false, is))
      ) {
        add('issue_fixed', checkId, {
          url: page.url,
          before: true,
          after: false,
        });
      }
    }
  }
  const order = new Map(CHANGE_TYPES.map((type, i) => [type, i]));
  return [...changes.values()]
    .sort(
      (a, b) =>
        order.get(a.type)! - order.get(b.type)! ||
        compare(a.check_id ?? '', b.check_id ?? ''),
    )
    .map(({ all, ...change }) => {
      all.sort((a, b) => compare(a.url, b.url));
      return { ...change, pages: all.length, items: all.slice(0, cap) };
    });
}

/** The crawl settings a diff compares: any of them changes which pages each audit holds. */
export interface DiffSettings {
  max_pages: number;
  max_depth: number;
  include: string[];
  exclude: string[];
  respect_robots: boolean;
  sitemaps: boolean;
  /** Absent on audits made before rendering existed: they did not render. */
  render?: boolean | 'auto';
}

const SETTING_NAMES: ReadonlyArray<keyof DiffSettings> = [
  'max_pages',
  'max_depth',
  'include',
  'exclude',
  'respect_robots',
  'sitemaps',
  'render',
];

function settingText(value: unknown): string {
  return Array.isArray(value)
    ? value.length === 0
      ? 'none'
      : value.join(' ')
    : String(value);
}

/**
 * What a reader must know before trusting a diff: the settings the two audits were made
 * with, when they differ (pages only one audit could reach show as added or removed,
 * with their issues, though the site did not change). One warning per setting.
 */
export function settingsWarnings(
  before: DiffSettings,
  after: DiffSettings,
): string[] {
  const of = (settings: DiffSettings, name: keyof DiffSettings) =>
    name === 'render' ? (settings.render ?? false) : settings[name];
  return SETTING_NAMES.filter(
    (name) => !same(of(before, name), of(after, name)),
  ).map(
    (name) =>
      `The audits were made with different settings: ${name} ${settingText(of(before, name))} then, ${settingText(of(after, name))} now; pages only one of them could reach show as added or removed, with their issues, whether the site changed or not.`,
  );
}

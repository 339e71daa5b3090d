/**
 * The templates of a crawled site: its HTML pages grouped by URL pattern (path
 * segments that vary generalised: `/blog/{slug}`, `/product/{id}`) and by layout (the
 * skeleton digest the crawl keeps of each page). A lab run measures a few pages of
 * each template, and the other pages inherit its verdict.
 */

/** A page as the grouping reads it. */
export interface TemplatePage {
  key: string;
  url: string;
  /** The digest of its layout; null when the crawl kept none. */
  skeleton: string | null;
}

export interface PageTemplate {
  /** Its URL pattern, and which layout when one pattern has several. */
  name: string;
  pattern: string;
  skeleton: string | null;
  pageCount: number;
  /** The pages measured for it, chosen deterministically, spread over its pages. */
  representatives: TemplatePage[];
  pages: TemplatePage[];
}

/** Representatives of the biggest template. */
export const MAX_REPRESENTATIVES = 5;
/** Distinct last segments under one parent, with one layout, that make a variable. */
const SLUG_SIBLINGS = 3;
/**
 * Pages under one parent from which layouts that are mostly each a page's own (more
 * distinct layouts than half the pages) are content, not templates: a flat tree of
 * generated documentation (postgresql-doc-15: 1,169 pages, 847 layouts) is one template.
 */
const MIXED_SIBLINGS = 20;

const DIGITS = /^\d+$/;
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Letters and digits mixed, 6 or more, no separator: an opaque id (`a1b2c3`, `sku88123x`). */
const OPAQUE = /^(?=.*\d)(?=.*[a-z])[a-z0-9]{6,}$/i;
/** A short prefix and a number: `p-123`, `sku_99812`, `id42`. */
const PREFIXED = /^[a-z]{1,4}[-_]?\d+$/i;

/** One segment generalised by its own look: numbers, dates and ids; else itself. */
export function segmentPattern(segment: string): string {
  if (DATE.test(segment)) return '{date}';
  if (
    DIGITS.test(segment) ||
    UUID.test(segment) ||
    OPAQUE.test(segment) ||
    PREFIXED.test(segment)
  )
    return '{id}';
  return segment;
}

/** How many of a template's pages are measured: 1 + ⌊log2(pages)⌋, at most 5. */
export function representativeCount(pages: number): number {
  if (pages <= 0) return 0;
  return Math.min(MAX_REPRESENTATIVES, 1 + Math.floor(Math.log2(pages)));
}

/** The templates of these pages, the biggest first (then by name). */
export function groupTemplates(pages: TemplatePage[]): PageTemplate[] {
  const read = pages.map((page) => ({
    page,
    segments: segmentsOf(page.url).map(segmentPattern),
  }));
  const mixed = mixedParents(read);
  // Under a parent whose layouts are noise, its pages' layouts are one.
  const shaped = read.map(({ page, segments }) => ({
    page,
    segments,
    layout: mixed.has(parentKey(segments)) ? null : page.skeleton,
  }));
  // A last segment is a slug when its siblings (same parent, same layout) vary enough.
  const siblings = new Map<string, Set<string>>();
  for (const { segments, layout } of shaped) {
    if (segments.length === 0) continue;
    const key = siblingKey(segments, layout);
    const values = siblings.get(key) ?? new Set<string>();
    values.add(segments[segments.length - 1]);
    siblings.set(key, values);
  }
  const groups = new Map<
    string,
    { pattern: string; skeleton: string | null; pages: TemplatePage[] }
  >();
  for (const { page, segments, layout } of shaped) {
    if (
      segments.length > 0 &&
      (siblings.get(siblingKey(segments, layout))?.size ?? 0) >=
        SLUG_SIBLINGS &&
      !segments[segments.length - 1].startsWith('{')
    ) {
      segments[segments.length - 1] = '{slug}';
    }
    const pattern = `/${segments.join('/')}`;
    const key = `${pattern}\n${layout ?? ''}`;
    const group = groups.get(key) ?? {
      pattern,
      skeleton: layout,
      pages: [],
    };
    group.pages.push(page);
    groups.set(key, group);
  }
  const byPattern = new Map<string, number>();
  const ordered = [...groups.values()].sort(
    (a, b) =>
      b.pages.length - a.pages.length ||
      compare(a.pattern, b.pattern) ||
      compare(a.skeleton ?? '', b.skeleton ?? ''),
  );
  return ordered.map(({ pattern, skeleton, pages: own }) => {
    const seen = (byPattern.get(pattern) ?? 0) + 1;
    byPattern.set(pattern, seen);
    const sorted = [...own].sort((a, b) => compare(a.url, b.url));
    return {
      name: seen === 1 ? pattern : `${pattern} (layout ${seen})`,
      pattern,
      skeleton,
      pageCount: sorted.length,
      representatives: spreadOver(sorted, representativeCount(sorted.length)),
      pages: sorted,
    };
  });
}

/** `count` items spread evenly over the list, its first always among them. */
function spreadOver<T>(list: T[], count: number): T[] {
  const chosen: T[] = [];
  for (let i = 0; i < count; i++) {
    chosen.push(list[Math.floor((i * list.length) / count)]);
  }
  return chosen;
}

function segmentsOf(url: string): string[] {
  const parsed = URL.parse(url);
  const path = parsed ? parsed.pathname : url;
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeDecode(segment).toLowerCase());
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function parentKey(segments: string[]): string {
  return `${segments.slice(0, -1).join('/')}\n${segments.length}`;
}

function siblingKey(segments: string[], skeleton: string | null): string {
  return `${parentKey(segments)}\n${skeleton ?? ''}`;
}

/** The parents of at least 20 pages with more distinct layouts than half of them. */
function mixedParents(
  shaped: Array<{ page: TemplatePage; segments: string[] }>,
): Set<string> {
  const byParent = new Map<string, { pages: number; layouts: Set<string> }>();
  for (const { page, segments } of shaped) {
    if (segments.length === 0) continue;
    const key = parentKey(segments);
    const parent = byParent.get(key) ?? { pages: 0, layouts: new Set() };
    parent.pages += 1;
    parent.layouts.add(page.skeleton ?? '');
    byParent.set(key, parent);
  }
  return new Set(
    [...byParent]
      .filter(
        ([, { pages, layouts }]) =>
          pages >= MIXED_SIBLINGS && layouts.size * 2 > pages,
      )
      .map(([key]) => key),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

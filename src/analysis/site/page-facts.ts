import { createHash } from 'node:crypto';
import {
  agreedCanonical,
  canonicalDeclarations,
  hreflangDeclarations,
} from '../declared-urls.js';
import { elementsOf, textOf } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import type { AccessibilityAudit } from '../types.js';
import { forbidsIndexing, robotsMetas } from '../robots.js';
import { judgeStructuredData } from '../structured-data/judge.js';
import { normaliseUrl } from './crawl-scope.js';
import { skeletonDigestOf } from './page-skeleton.js';
import { mainTextOf, textMinhash } from './text-minhash.js';

/**
 * The facts a site audit keeps of each HTML page, declared once: the crawl's record,
 * its columns, the judgement's query and the page a site check reads all derive from
 * this table (as Lighthouse's audits declare the artifacts they need). A new fact is
 * its entry here, its migration (a column of site_audit_page_records, then
 * recreatePageRows), the check that reads it and their tests.
 */

/** What a fact is read from: a parsed HTML page, its URL and headers, and what several facts share. */
export interface PageSource {
  page: ParsedPage;
  /** The page's final URL, normalised. */
  url: string;
  headers: Record<string, string>;
  /** The robots directives of the page: X-Robots-Tag, then each meta robots. */
  robots: string[];
  /** The agreed canonical URL (tags and Link header), normalised; null when none or none agreed. */
  canonical: string | null;
  /** axe-core's audit of the page a browser rendered; null when it was not rendered. */
  accessibility: AccessibilityAudit | null;
}

/** How a column is written: its PostgreSQL type. A text[] travels as one text of lines. */
export type FactSqlType = 'int' | 'text' | 'boolean' | 'jsonb' | 'text[]';

/** What a site check reads of a fact: as stored, or `orElse` where a page has none (not HTML). */
export type JudgedAs<Value> = 'as-stored' | { orElse: Value };

export interface PageFact<
  Value,
  None extends Value | null,
  Judged extends JudgedAs<Value> | undefined,
> {
  /** The column of site_audit_page_records (a page's record) that keeps it. */
  column: string;
  sql: FactSqlType;
  /**
   * At most this many characters (a text) or items (a list) are stored; a page whose
   * fact was longer says its texts or its lists were cut.
   */
  bound?: number;
  /** How it is read from an HTML page answered 2xx. */
  read(source: PageSource): Value;
  /** What a page the crawl could not read (not HTML, not 2xx, not requested) keeps. */
  none: None;
  /** Loaded for the site checks (on `SitePage`); absent: kept for the views and outputs only. */
  judged?: Judged;
}

function fact<
  Value,
  None extends Value | null,
  Judged extends JudgedAs<Value> | undefined = undefined,
>(declared: PageFact<Value, None, Judged>): PageFact<Value, None, Judged> {
  return declared;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Characters of a title or a meta description kept. */
const TEXT_MAX = 1_024;
/** hreflang alternates of a page kept (a set names each language once; there are fewer than 8,000). */
const HREFLANG_MAX = 1_000;

export const PAGE_FACTS = {
  title: fact({
    column: 'title',
    sql: 'text',
    bound: TEXT_MAX,
    read: ({ page }): string | null =>
      page.titles[0] ? collapse(textOf(page.titles[0])) : null,
    none: null,
    judged: 'as-stored',
  }),
  metaDescription: fact({
    column: 'meta_description',
    sql: 'text',
    bound: TEXT_MAX,
    read: ({ page }): string | null => {
      const description = elementsOf(page, 'meta').find(
        (meta) => meta.attribs.name?.trim().toLowerCase() === 'description',
      );
      return description?.attribs.content !== undefined
        ? collapse(description.attribs.content)
        : null;
    },
    none: null,
    judged: 'as-stored',
  }),
  canonical: fact({
    column: 'canonical',
    sql: 'text',
    read: ({ canonical }): string | null => canonical,
    none: null,
    judged: 'as-stored',
  }),
  noindex: fact({
    column: 'noindex',
    sql: 'boolean',
    read: ({ robots }): boolean => robots.some((line) => forbidsIndexing(line)),
    none: false,
    judged: 'as-stored',
  }),
  indexable: fact({
    column: 'indexable',
    sql: 'boolean',
    read: ({ robots, canonical, url }): boolean =>
      !robots.some((line) => forbidsIndexing(line)) &&
      (canonical === null || canonical === url),
    none: false,
  }),
  hreflang: fact({
    column: 'hreflang',
    sql: 'jsonb',
    bound: HREFLANG_MAX,
    read: ({ page }): Array<{ lang: string; url: string }> =>
      hreflangDeclarations(page).flatMap(({ lang, url }) => {
        const normalised = url ? normaliseUrl(url.href) : null;
        return normalised ? [{ lang, url: normalised }] : [];
      }),
    none: null,
    judged: { orElse: [] },
  }),
  words: fact({
    column: 'words',
    sql: 'int',
    read: ({ page }): number => page.wordCount,
    none: null,
    judged: { orElse: 0 },
  }),
  textDigest: fact({
    column: 'text_digest',
    sql: 'text',
    // SHA-256 of the visible body text, whitespace collapsed and case-folded.
    read: ({ page }): string =>
      createHash('sha256')
        .update(collapse(page.visibleText).toLowerCase())
        .digest('base64url'),
    none: null,
    judged: 'as-stored',
  }),
  minhash: fact({
    column: 'minhash',
    sql: 'text',
    // The MinHash signature of the main text (text-minhash.ts): near_duplicate compares them; null under 50 words.
    read: ({ page }): string | null => textMinhash(mainTextOf(page)),
    none: null,
    judged: 'as-stored',
  }),
  skeleton: fact({
    column: 'skeleton',
    sql: 'text',
    // A digest of the body's layout: pages of one template share it.
    read: ({ page }): string => skeletonDigestOf(page),
    none: null,
  }),
  structuredDataTypes: fact({
    column: 'structured_data_types',
    sql: 'text[]',
    bound: 100,
    // The types of the items the structured data checks judged, each once: the audit counts the pages of each.
    read: ({ page }): string[] => [
      ...new Set(judgeStructuredData(page).items.flatMap((item) => item.types)),
    ],
    none: null,
  }),
  accessibilityRules: fact({
    column: 'accessibility_rules',
    sql: 'text[]',
    bound: 100,
    // The axe-core rules the rendered page violates; null when none ran (not rendered, or axe failed).
    read: ({ accessibility }): string[] | null =>
      accessibility?.ran
        ? accessibility.violations.map((rule) => rule.id)
        : null,
    none: null,
  }),
  robots: fact({
    column: 'robots',
    sql: 'text[]',
    read: ({ robots }): string[] => robots,
    none: null,
  }),
};

export type PageFacts = typeof PAGE_FACTS;
export type PageFactName = keyof PageFacts;

type ValueOf<F> = F extends { read(source: PageSource): infer Value }
  ? Value
  : never;
type NoneOf<F> = F extends { none: infer None } ? None : never;

/** Each fact as read from a page. */
export type ReadPageFacts = { [K in PageFactName]: ValueOf<PageFacts[K]> };

/** Each fact as a crawl's record keeps it: as read, or the fact's `none`. */
export type RecordedPageFacts = {
  [K in PageFactName]: ValueOf<PageFacts[K]> | NoneOf<PageFacts[K]>;
};

/** The facts a site check reads. */
export type JudgedFactName = {
  [K in PageFactName]: PageFacts[K]['judged'] extends undefined ? never : K;
}[PageFactName];

/** Each judged fact as a site check reads it. */
export type JudgedPageFacts = {
  [K in JudgedFactName]: NonNullable<PageFacts[K]['judged']> extends {
    orElse: unknown;
  }
    ? ValueOf<PageFacts[K]>
    : ValueOf<PageFacts[K]> | NoneOf<PageFacts[K]>;
};

/** The facts' names, in table order. */
export const PAGE_FACT_NAMES = Object.keys(PAGE_FACTS) as PageFactName[];

/** What one fact declares, whichever it is. */
export type AnyPageFact = PageFact<
  unknown,
  unknown,
  JudgedAs<unknown> | undefined
>;

export function pageFact(name: PageFactName): AnyPageFact {
  return PAGE_FACTS[name];
}

/** Reads every fact of a parsed HTML page. */
export function readPageFacts(
  page: ParsedPage,
  url: string,
  headers: Record<string, string>,
  accessibility: AccessibilityAudit | null = null,
): ReadPageFacts {
  const canonical = agreedCanonical(canonicalDeclarations(page, headers, url));
  const source: PageSource = {
    page,
    url,
    headers,
    robots: [
      ...(headers['x-robots-tag'] ? [headers['x-robots-tag']] : []),
      ...robotsMetas(page).map((meta) => meta.attribs.content ?? ''),
    ],
    canonical: canonical ? normaliseUrl(canonical.href) : null,
    accessibility,
  };
  return Object.fromEntries(
    PAGE_FACT_NAMES.map((name) => [name, pageFact(name).read(source)]),
  ) as ReadPageFacts;
}

/** The facts of a page the crawl could not read: each fact's `none`. */
export function unreadPageFacts(): RecordedPageFacts {
  return Object.fromEntries(
    PAGE_FACT_NAMES.map((name) => [name, pageFact(name).none]),
  ) as RecordedPageFacts;
}

/** The facts the site checks read, in table order. */
export const JUDGED_FACT_NAMES = PAGE_FACT_NAMES.filter(
  (name) => pageFact(name).judged !== undefined,
) as JudgedFactName[];

/** A judged fact as a site check reads it from its stored value. */
export function judgedValue(name: JudgedFactName, stored: unknown): unknown {
  const judged = pageFact(name).judged;
  return stored === null && typeof judged === 'object' ? judged.orElse : stored;
}

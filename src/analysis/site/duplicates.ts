import { clip } from '../checks/check.js';
import type {
  SiteCheck,
  SiteCheckFinding,
  SiteCrawlFacts,
  SitePage,
} from './site-crawl.js';
import { DUPLICATE_CONTENT_MIN_WORDS } from './text-minhash.js';

/**
 * Indexable pages that say the same thing: the same title, description or text.
 * Non-indexable pages are left out: a page canonicalised to another, or kept out of the
 * index, is how a site should handle a copy, not a duplicate.
 */

/** How many of the group's other URLs a finding names: enough to find them, few enough to stay small. */
export const DUPLICATE_OTHERS_MAX = 10;

export { DUPLICATE_CONTENT_MIN_WORDS };

/** Whitespace collapsed, trimmed and case-folded; null when nothing is left. */
export function comparableText(text: string | null): string | null {
  if (text === null) return null;
  const comparable = text.replace(/\s+/g, ' ').trim().toLowerCase();
  return comparable === '' ? null : comparable;
}

/**
 * Every indexable page whose key it shares with another, in page id order, with the
 * page's own evidence, the group's size and up to 10 of the group's other URLs.
 */
function duplicates(
  facts: SiteCrawlFacts,
  keyOf: (page: SitePage) => string | null,
  evidenceOf: (page: SitePage) => Record<string, unknown>,
): SiteCheckFinding[] {
  const keys = new Map<SitePage, string>();
  const groups = new Map<string, SitePage[]>();
  for (const page of facts.pages) {
    if (!facts.indexable(page)) continue;
    const key = keyOf(page);
    if (key === null) continue;
    keys.set(page, key);
    const group = groups.get(key);
    if (group) group.push(page);
    else groups.set(key, [page]);
  }
  const findings: SiteCheckFinding[] = [];
  for (const [page, key] of keys) {
    const group = groups.get(key)!;
    if (group.length < 2) continue;
    const others = group
      .slice(0, DUPLICATE_OTHERS_MAX + 1)
      .filter((other) => other !== page)
      .slice(0, DUPLICATE_OTHERS_MAX)
      .map((other) => other.url);
    findings.push({
      pageId: page.id,
      value: { ...evidenceOf(page), pages: group.length, others },
    });
  }
  return findings;
}

export const duplicateTitle: SiteCheck = {
  id: 'duplicate_title',
  title: 'Duplicate title',
  importance: 'medium',
  gate: 'error',
  facts: ['noindex', 'canonical', 'title'],
  affectedPage: 'every page of a group',
  affectsWhen: `Two or more indexable pages have the same non-empty \`<title>\` once whitespace is collapsed and trimmed and case is folded; the value is the page's title, how many pages share it and up to ${DUPLICATE_OTHERS_MAX} of their other URLs.`,
  advice:
    'Give each page a title of its own that names what only it offers; when two pages really are the same, keep one and point the other at it with a redirect or a canonical link.',
  run: (facts) =>
    duplicates(
      facts,
      (page) => comparableText(page.title),
      (page) => ({ title: clip(page.title ?? '') }),
    ),
};

export const duplicateDescription: SiteCheck = {
  id: 'duplicate_description',
  title: 'Duplicate meta description',
  importance: 'medium',
  gate: 'warn',
  facts: ['noindex', 'canonical', 'metaDescription'],
  affectedPage: 'every page of a group',
  affectsWhen: `Two or more indexable pages have the same non-empty meta description once whitespace is collapsed and trimmed and case is folded; the value is the page's description, how many pages share it and up to ${DUPLICATE_OTHERS_MAX} of their other URLs.`,
  advice:
    'Write for each page a description that sums up that page: search engines replace a description they see on many pages with a snippet of their own choosing.',
  run: (facts) =>
    duplicates(
      facts,
      (page) => comparableText(page.metaDescription),
      (page) => ({ description: clip(page.metaDescription ?? '') }),
    ),
};

export const duplicateContent: SiteCheck = {
  id: 'duplicate_content',
  title: 'Duplicate content',
  importance: 'medium',
  gate: 'warn',
  facts: ['noindex', 'canonical', 'words', 'textDigest'],
  affectedPage: 'every page of a group',
  affectsWhen: `Two or more indexable pages of at least ${DUPLICATE_CONTENT_MIN_WORDS} words have the same visible body text once whitespace is collapsed and case is folded; the value is the page's word count, how many pages share the text and up to ${DUPLICATE_OTHERS_MAX} of their other URLs.`,
  advice:
    'Keep one URL for each content: redirect the copies to it, or give them a canonical link naming it (pages that differ only by a sorting or tracking parameter included).',
  run: (facts) =>
    duplicates(
      facts,
      (page) =>
        page.words >= DUPLICATE_CONTENT_MIN_WORDS ? page.textDigest : null,
      (page) => ({ words: page.words }),
    ),
};

export const DUPLICATE_CHECKS: readonly SiteCheck[] = [
  duplicateTitle,
  duplicateDescription,
  duplicateContent,
];

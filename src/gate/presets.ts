import type { AssertionEntry } from './assertion-entry.js';

/**
 * The presets `--assert` names, documented in the README and docs/site-audits.md.
 * `seo:recommended` stops a build on what breaks crawling for every visitor (links and
 * canonicals to pages that are gone, redirect loops, titles shared by pages) and warns on
 * the rest; `seo:strict` stops it on any site check and on the SEO essentials of a page.
 */

/** The site checks that are warnings in the recommended preset and errors in the strict one. */
const SITE_CHECKS_TO_WARN = [
  'duplicate_description',
  'duplicate_content',
  'redirected_link',
  'redirect_chain',
  'canonical_redirect',
  'canonical_chain',
  'orphan_page',
  'sitemap_not_indexable',
  'hreflang_no_return',
  'deep_page',
] as const;

/** The page checks without which a page is hard to find or to show in results. */
const PAGE_ESSENTIALS = ['title', 'meta_description', 'h1'] as const;

const RECOMMENDED: Record<string, AssertionEntry> = {
  broken_link: ['error', { maxLength: 0 }],
  redirect_loop: ['error', { maxLength: 0 }],
  canonical_broken: ['error', { maxLength: 0 }],
  duplicate_title: ['error', { maxLength: 0 }],
  ...Object.fromEntries(
    SITE_CHECKS_TO_WARN.map((id) => [id, ['warn', { maxLength: 0 }]]),
  ),
  ...Object.fromEntries(
    PAGE_ESSENTIALS.map((id) => [id, ['warn', { maxLength: 0 }]]),
  ),
  site_score: ['warn', { minScore: 50 }],
};

const STRICT: Record<string, AssertionEntry> = Object.fromEntries(
  Object.entries(RECOMMENDED).map(([id, entry]): [string, AssertionEntry] => [
    id,
    id === 'site_score'
      ? ['error', { minScore: 80 }]
      : ['error', (entry as [string, Record<string, unknown>])[1]],
  ]),
);

export const PRESETS: Record<string, Record<string, AssertionEntry>> = {
  'seo:recommended': RECOMMENDED,
  'seo:strict': STRICT,
};

import type { SiteCheck } from './site-crawl.js';

/**
 * Click depth: the further a page is from the start page, the less often crawlers come
 * back to it and the less of the site's authority reaches it.
 */

/** The deepest a page may sit: within 4 clicks of the home page, as SEO tools advise. */
export const DEEP_PAGE_MAX_DEPTH = 4;

export const deepPage: SiteCheck = {
  id: 'deep_page',
  title: 'Deep page',
  importance: 'low',
  gate: 'warn',
  facts: ['noindex', 'canonical'],
  affectedPage: 'the page',
  affectsWhen: `An indexable page is more than ${DEEP_PAGE_MAX_DEPTH} followed links away from the start page; a page reached only through a sitemap, a canonical or an hreflang has no depth and is not judged; the value is the depth.`,
  advice: `Bring the page within ${DEEP_PAGE_MAX_DEPTH} clicks of the home page: link to it from a hub, a category or related pages.`,
  run: (facts) =>
    facts.pages
      .filter(
        (page) =>
          facts.indexable(page) &&
          page.depth !== null &&
          page.depth > DEEP_PAGE_MAX_DEPTH,
      )
      .map((page) => ({ pageId: page.id, value: page.depth })),
};

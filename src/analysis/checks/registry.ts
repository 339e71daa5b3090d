import { ACCESSIBILITY_CHECKS } from './accessibility.js';
import type { Check } from './check.js';
import { LAYOUT_CHECKS } from './layout.js';
import { MISCELLANEOUS_CHECKS } from './miscellaneous.js';
import { PERFORMANCE_CHECKS } from './performance.js';
import { RENDERING_CHECKS } from './rendering.js';
import { SECURITY_CHECKS } from './security.js';
import { SECURITY_HARDENING_CHECKS } from './security-hardening.js';
import { SEO_CONTENT_CHECKS } from './seo-content.js';
import { SEO_CRAWLING_CHECKS } from './seo-crawling.js';
import { SEO_LINK_CHECKS } from './seo-links.js';
import { STRUCTURED_DATA_CHECKS } from './structured-data.js';

export type { Check } from './check.js';

/**
 * The check families, one per file, in the order reports list their checks (the
 * table of docs/checks.md, which `npm run docs:checks` writes from CHECKS). A new
 * check goes in its family's array; a new family, here.
 */
export const CHECK_FAMILIES: readonly (readonly Check[])[] = [
  SEO_CONTENT_CHECKS,
  SEO_CRAWLING_CHECKS,
  PERFORMANCE_CHECKS,
  SECURITY_CHECKS,
  SEO_LINK_CHECKS,
  LAYOUT_CHECKS,
  SECURITY_HARDENING_CHECKS,
  MISCELLANEOUS_CHECKS,
  STRUCTURED_DATA_CHECKS,
  RENDERING_CHECKS,
  ACCESSIBILITY_CHECKS,
];

/** Every check, family after family: the order of a report's `checks`. */
export const CHECKS: readonly Check[] = CHECK_FAMILIES.flat();

/** The checks a page is judged by: those comparing rendered and raw only when it was rendered. */
export function checksFor(rendered: boolean): readonly Check[] {
  return rendered ? CHECKS : CHECKS_OF_RAW_PAGES;
}

const CHECKS_OF_RAW_PAGES: readonly Check[] = CHECKS.filter(
  (check) => !check.onlyRendered,
);

import type { Check } from './check.js';
import { MISCELLANEOUS_CHECKS } from './miscellaneous.js';
import { PERFORMANCE_CHECKS } from './performance.js';
import { SECURITY_CHECKS } from './security.js';
import { SEO_CONTENT_CHECKS } from './seo-content.js';
import { SEO_CRAWLING_CHECKS } from './seo-crawling.js';

export type { Check } from './check.js';

/** Every check, in the order of ANALYSIS.md's table; reports list them in this order. */
export const CHECKS: readonly Check[] = [
  ...SEO_CONTENT_CHECKS,
  ...SEO_CRAWLING_CHECKS,
  ...PERFORMANCE_CHECKS,
  ...SECURITY_CHECKS,
  ...MISCELLANEOUS_CHECKS,
];

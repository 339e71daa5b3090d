import type { Check } from './check.js';
import { MISCELLANEOUS_CHECKS } from './miscellaneous.js';
import { imageDimensions, PERFORMANCE_CHECKS } from './performance.js';
import {
  cookieFlags,
  httpsRedirect,
  insecureLinks,
  permissionsPolicy,
  referrerPolicy,
  SECURITY_CHECKS,
  subresourceIntegrity,
} from './security.js';
import { SEO_CONTENT_CHECKS } from './seo-content.js';
import {
  brokenLinks,
  metaRefresh,
  nofollow,
  SEO_CRAWLING_CHECKS,
} from './seo-crawling.js';

export type { Check } from './check.js';

/** Every check, in the order of the table of docs/checks.md; reports list them in this order. */
export const CHECKS: readonly Check[] = [
  ...SEO_CONTENT_CHECKS,
  ...SEO_CRAWLING_CHECKS,
  ...PERFORMANCE_CHECKS,
  ...SECURITY_CHECKS,
  brokenLinks,
  metaRefresh,
  nofollow,
  imageDimensions,
  httpsRedirect,
  insecureLinks,
  referrerPolicy,
  permissionsPolicy,
  cookieFlags,
  subresourceIntegrity,
  ...MISCELLANEOUS_CHECKS,
];

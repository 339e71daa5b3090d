import { CHECKS, SITE_CHECKS } from '../analysis/index.js';
import type { AssertionEntry } from './assertion-entry.js';

/**
 * The presets `--assert` names, documented in the README and docs/site-audits.md, built
 * from the checks: each site check declares its level in the recommended preset (`gate`:
 * an error where what it finds breaks crawling for every visitor, a warning for the
 * rest), and the page essentials (`gate: 'warn'`) are warnings; `seo:strict` makes every
 * one an error. A new check is in them by its declaration, not by a list here.
 */

const IMPORTANCE_RANK = { high: 0, medium: 1, low: 2 } as const;

/**
 * Errors before warnings, outputs list them so: the errors the most important first,
 * each level in the catalogue's order otherwise.
 */
const BY_LEVEL = [
  ...SITE_CHECKS.filter((check) => check.gate === 'error').sort(
    (a, b) => IMPORTANCE_RANK[a.importance] - IMPORTANCE_RANK[b.importance],
  ),
  ...SITE_CHECKS.filter((check) => check.gate === 'warn'),
];

const RECOMMENDED: Record<string, AssertionEntry> = {
  ...Object.fromEntries(
    BY_LEVEL.map((check): [string, AssertionEntry] => [
      check.id,
      [check.gate, { maxLength: 0 }],
    ]),
  ),
  ...Object.fromEntries(
    CHECKS.filter((check) => check.gate).map(
      (check): [string, AssertionEntry] => [
        check.id,
        [check.gate!, { maxLength: 0 }],
      ],
    ),
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

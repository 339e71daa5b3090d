import * as accessibility from './accessibility.js';
import * as layout from './layout.js';
import * as miscellaneous from './miscellaneous.js';
import * as performance from './performance.js';
import * as rendering from './rendering.js';
import { CHECK_FAMILIES, CHECKS, checksFor } from './registry.js';
import type { Check } from './registry.js';
import * as security from './security.js';
import * as securityHardening from './security-hardening.js';
import * as seoContent from './seo-content.js';
import * as seoCrawling from './seo-crawling.js';
import * as seoLinks from './seo-links.js';
import * as structuredData from './structured-data.js';

/** Every module that defines checks, with everything it exports. */
const FAMILY_MODULES = {
  accessibility,
  layout,
  miscellaneous,
  performance,
  rendering,
  security,
  securityHardening,
  seoContent,
  seoCrawling,
  seoLinks,
  structuredData,
};

function isCheck(value: unknown): value is Check {
  const check = value as Partial<Check> | null;
  return (
    typeof check === 'object' &&
    check !== null &&
    typeof check.id === 'string' &&
    typeof check.run === 'function'
  );
}

describe('the check registry', () => {
  // Ids, categories, importance and order are pinned by docs/checks.md, which is
  // written from CHECKS (test/check-catalogue.spec.ts): no second table here.
  it('lists every check its modules define in exactly one family', () => {
    const defined = Object.values(FAMILY_MODULES).flatMap((module) =>
      Object.values(module).filter(isCheck),
    );
    expect(defined.length).toBeGreaterThan(0);
    for (const check of defined) {
      const families = CHECK_FAMILIES.filter((family) =>
        family.includes(check),
      ).length;
      expect({ id: check.id, families }).toEqual({ id: check.id, families: 1 });
    }
    expect(new Set(CHECKS)).toEqual(new Set(defined));
  });

  it('is its families one after the other', () => {
    expect(CHECKS).toEqual(CHECK_FAMILIES.flat());
    expect(CHECKS).toHaveLength(
      CHECK_FAMILIES.reduce((count, family) => count + family.length, 0),
    );
  });

  it('has unique ids and a title for every check', () => {
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    for (const check of CHECKS) expect(check.title.trim()).not.toBe('');
  });

  it('gives every check an id that is an anchor, and what the catalogue says of it', () => {
    const sentences = (text: string) =>
      text.split(/(?<=[.!?])\s+(?=[A-Z`])/).length;
    for (const check of CHECKS) {
      // The id rides along so that a failure names the check.
      expect({
        id: check.id,
        anchor: /^[a-z][a-z0-9_]*$/.test(check.id),
        passesWhen: check.passesWhen.endsWith('.'),
        notApplicableWhen: check.notApplicableWhen?.endsWith('.') ?? true,
        adviceOfOneOrTwoSentences:
          sentences(check.advice) <= 2 && check.advice.length <= 300,
      }).toEqual({
        id: check.id,
        anchor: true,
        passesWhen: true,
        notApplicableWhen: true,
        adviceOfOneOrTwoSentences: true,
      });
    }
  });

  it('runs the rendered-against-raw checks and accessibility on rendered pages only', () => {
    const onlyRendered = CHECKS.filter((check) => check.onlyRendered);
    expect(onlyRendered.map((check) => check.id)).toEqual(
      [
        ...rendering.RENDERING_CHECKS,
        ...accessibility.ACCESSIBILITY_CHECKS,
      ].map((check) => check.id),
    );
    expect(checksFor(true)).toEqual(CHECKS);
    expect(checksFor(false)).toEqual(
      CHECKS.filter((check) => !onlyRendered.includes(check)),
    );
  });
});

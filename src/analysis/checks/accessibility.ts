import type {
  AccessibilityImpact,
  AccessibilityViolation,
  CheckOutcome,
  Snapshot,
} from '../types.js';
import { clip, firstItems, plural } from './check.js';
import type { Check } from './check.js';

/**
 * Accessibility of a rendered page (render: true only): axe-core's WCAG 2.0, 2.1 and
 * 2.2 A and AA rules, run in the page by the renderer (src/rendering/accessibility.ts).
 * One check stands for all the rules, in a category of its own that moves no score;
 * the report's `accessibility` block lists each rule with its elements.
 */

/** Elements of a rule named in the check's evidence; the report's block keeps their markup. */
const TARGETS_PER_RULE = 5;

const IMPACT_ORDER: readonly AccessibilityImpact[] = [
  'critical',
  'serious',
  'moderate',
  'minor',
];

export const accessibilityViolations: Check = {
  id: 'accessibility_violations',
  gate: 'warn',
  category: 'accessibility',
  importance: 'medium',
  title: 'Accessibility (WCAG A and AA, axe-core)',
  passesWhen:
    "No rule of axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) fails on the rendered page: form fields have labels, text has enough contrast, the page states its language, images have alternative text, buttons and links have names… Counts in no score.",
  notApplicableWhen:
    'The page was not rendered (render: false, or a page of a render: "auto" audit judged raw), or axe-core did not finish in the page (it is stopped after 5 s; the report\'s `accessibility` says why).',
  advice:
    "Fix each rule the evidence names, on the elements it names: axe-core's help page for the rule (help_url) says how. People using screen readers, keyboards or magnifiers meet these faults; automated rules find some of them, not all.",
  onlyRendered: true,
  run: (_page, snapshot: Snapshot): CheckOutcome => {
    const audit = snapshot.rendering?.accessibility;
    if (!snapshot.rendering) {
      return {
        passed: null,
        message:
          'The page was not rendered (render: true): no accessibility rule ran.',
      };
    }
    if (!audit?.ran) {
      return {
        passed: null,
        message: `No accessibility rule ran: ${audit?.reason ?? 'not asked'}.`,
      };
    }
    const { violations } = audit;
    if (violations.length === 0) {
      return {
        passed: true,
        message:
          "None of axe-core's WCAG A and AA rules fails on the rendered page.",
      };
    }
    const elements = violations.reduce((sum, v) => sum + v.node_count, 0);
    return {
      passed: false,
      message: `The rendered page fails ${plural(violations.length, "of axe-core's WCAG A and AA rules", "of axe-core's WCAG A and AA rules")} (${impactsOf(violations)}), on ${plural(elements, 'element')}.`,
      value: firstItems(violations).map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: clip(v.help),
        help_url: v.help_url,
        elements: v.node_count,
        targets: v.nodes.slice(0, TARGETS_PER_RULE).map((n) => clip(n.target)),
      })),
    };
  },
};

/** "2 critical, 1 serious": how many rules at each impact, worst first. */
function impactsOf(violations: readonly AccessibilityViolation[]): string {
  const counts = IMPACT_ORDER.map(
    (impact) =>
      [impact, violations.filter((v) => v.impact === impact).length] as const,
  ).filter(([, count]) => count > 0);
  const unrated = violations.filter((v) => v.impact === null).length;
  return [
    ...counts.map(([impact, count]) => `${count} ${impact}`),
    ...(unrated > 0 ? [`${unrated} unrated`] : []),
  ].join(', ');
}

export const ACCESSIBILITY_CHECKS: readonly Check[] = [accessibilityViolations];

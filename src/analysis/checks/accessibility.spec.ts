import {
  GOOD_PAGE_HTML,
  runCheck,
  snapshotOf,
} from '../../../test/support/snapshot-fixture.js';
import { judge } from '../judge.js';
import type {
  AccessibilityAudit,
  AccessibilityViolation,
  RenderingFacts,
} from '../types.js';
import { accessibilityViolations } from './accessibility.js';

function rendering(accessibility?: AccessibilityAudit): RenderingFacts {
  return {
    rawHtml: GOOD_PAGE_HTML,
    finalUrl: 'https://example.com/pricing',
    settled: true,
    pageErrors: [],
    refused: [],
    fragmentRoutes: [],
    resources: [],
    dialogs: 0,
    windowsBlocked: 0,
    ...(accessibility ? { accessibility } : {}),
  };
}

function violation(
  id: string,
  impact: AccessibilityViolation['impact'],
  targets: string[],
): AccessibilityViolation {
  return {
    id,
    impact,
    help: `Help of ${id}`,
    help_url: `https://dequeuniversity.com/rules/axe/4.14/${id}`,
    description: `Description of ${id}`,
    tags: ['wcag2a'],
    node_count: targets.length,
    nodes: targets.map((target) => ({
      target,
      html: `<${target}>`,
      failure_summary: 'Fix it',
    })),
  };
}

function ran(violations: AccessibilityViolation[]): AccessibilityAudit {
  return {
    ran: true,
    engine: 'axe-core 4.14.1',
    tags: ['wcag2a'],
    violations,
    ms: 120,
  };
}

describe('accessibility_violations', () => {
  it('does not apply to a page that was not rendered', () => {
    expect(runCheck(accessibilityViolations, GOOD_PAGE_HTML)).toMatchObject({
      passed: null,
    });
  });

  it('does not apply when axe-core did not finish, and says why', () => {
    expect(
      runCheck(accessibilityViolations, GOOD_PAGE_HTML, {
        rendering: rendering({ ran: false, reason: 'timed out after 5000 ms' }),
      }),
    ).toEqual({
      passed: null,
      message: 'No accessibility rule ran: timed out after 5000 ms.',
    });
  });

  it('passes when no rule fails', () => {
    expect(
      runCheck(accessibilityViolations, GOOD_PAGE_HTML, {
        rendering: rendering(ran([])),
      }).passed,
    ).toBe(true);
  });

  it('fails with each rule, its impact, help and first elements', () => {
    const targets = Array.from({ length: 7 }, (_, i) => `p:nth-child(${i})`);
    const outcome = runCheck(accessibilityViolations, GOOD_PAGE_HTML, {
      rendering: rendering(
        ran([
          violation('label', 'critical', ['input']),
          violation('color-contrast', 'serious', targets),
        ]),
      ),
    });
    expect(outcome).toEqual({
      passed: false,
      message:
        "The rendered page fails 2 of axe-core's WCAG A and AA rules (1 critical, 1 serious), on 8 elements.",
      value: [
        {
          rule: 'label',
          impact: 'critical',
          help: 'Help of label',
          help_url: 'https://dequeuniversity.com/rules/axe/4.14/label',
          elements: 1,
          targets: ['input'],
        },
        expect.objectContaining({
          rule: 'color-contrast',
          elements: 7,
          targets: targets.slice(0, 5),
        }),
      ],
    });
  });

  it('moves no score, and the report says when no rule ran', () => {
    const failing = snapshotOf(GOOD_PAGE_HTML, {
      rendering: rendering(ran([violation('label', 'critical', ['input'])])),
    });
    const passing = snapshotOf(GOOD_PAGE_HTML, {
      rendering: rendering(ran([])),
    });
    const failed = judge(failing);
    expect(
      failed.checks.find((c) => c.id === 'accessibility_violations'),
    ).toMatchObject({ category: 'accessibility', passed: false });
    expect(failed.score).toBe(judge(passing).score);
    expect(failed.categories).toEqual(judge(passing).categories);
    expect(failed.accessibility).toEqual(
      ran([violation('label', 'critical', ['input'])]),
    );

    const raw = judge(snapshotOf(GOOD_PAGE_HTML));
    expect(raw.accessibility).toEqual({ ran: false, reason: 'render: false' });
    expect(raw.checks.map((c) => c.id)).not.toContain(
      'accessibility_violations',
    );
  });
});

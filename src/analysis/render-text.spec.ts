import {
  GOOD_PAGE_HTML,
  snapshotOf,
} from '../../test/support/snapshot-fixture.js';
import { BADLY_MADE_PAGE } from '../../test/support/pages.js';
import { judge } from './judge.js';
import { renderResults } from './render-text.js';

describe('renderResults', () => {
  it('shows the advice under each failed check, and under no other', () => {
    const results = judge(snapshotOf(BADLY_MADE_PAGE));
    const lines = renderResults(results, { colour: false }).split('\n');
    const failed = results.checks.filter((c) => c.passed === false);
    expect(failed.length).toBeGreaterThan(20);
    for (const check of failed) {
      const at = lines.findIndex((line) =>
        line.startsWith(`  ✗ ${check.title} [${check.importance}]: `),
      );
      expect([check.id, lines[at + 1]]).toEqual([
        check.id,
        `      → ${check.advice}`,
      ]);
    }
    const adviceLines = lines.filter((line) => line.startsWith('      → '));
    expect(adviceLines).toHaveLength(failed.length);
  });

  it('says when and why the score is capped', () => {
    const capped = judge(snapshotOf(GOOD_PAGE_HTML, { statusCode: 404 }));
    const text = renderResults(capped, { colour: false });
    expect(text).toContain(
      `Capped at 49 because http_status failed; ${capped.uncapped_score} without the cap.`,
    );
    const healthy = judge(snapshotOf(GOOD_PAGE_HTML));
    expect(renderResults(healthy, { colour: false })).not.toContain('Capped');
  });

  it('shows accessibility after the score’s categories, or that no rule ran', () => {
    const raw = renderResults(judge(snapshotOf(GOOD_PAGE_HTML)), {
      colour: false,
    });
    expect(raw).toContain(
      'Accessibility (in no score)\n  No rule ran: render: false.',
    );
    const rendered = judge(
      snapshotOf(GOOD_PAGE_HTML, {
        rendering: {
          rawHtml: GOOD_PAGE_HTML,
          finalUrl: 'https://example.com/pricing',
          settled: true,
          pageErrors: [],
          refused: [],
          fragmentRoutes: [],
          resources: [],
          dialogs: 0,
          windowsBlocked: 0,
          accessibility: {
            ran: true,
            engine: 'axe-core 4.14.1',
            tags: ['wcag2a'],
            ms: 100,
            violations: [
              {
                id: 'label',
                impact: 'critical',
                help: 'Form elements must have labels',
                help_url: 'https://dequeuniversity.com/rules/axe/4.14/label',
                description: 'Ensure every form element has a label',
                tags: ['wcag2a'],
                node_count: 1,
                nodes: [],
              },
            ],
          },
        },
      }),
    );
    const lines = renderResults(rendered, { colour: false }).split('\n');
    const at = lines.indexOf('Accessibility (in no score)');
    expect(lines.slice(at + 1, at + 4)).toEqual([
      expect.stringMatching(
        /^ {2}✗ Accessibility \(WCAG A and AA, axe-core\) \[medium\]: The rendered page fails 1 of/,
      ),
      expect.stringMatching(/^ {6}→ Fix each rule/),
      '      critical label: Form elements must have labels (1) https://dequeuniversity.com/rules/axe/4.14/label',
    ]);
  });
});

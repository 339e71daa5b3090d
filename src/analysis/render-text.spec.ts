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
});

import {
  ACCESSIBILITY_BOUNDS,
  ACCESSIBILITY_TAGS,
  boundedViolations,
} from './accessibility.js';

function violation(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    impact: 'serious',
    help: `Help of ${id}`,
    helpUrl: `https://dequeuniversity.com/rules/axe/4.14/${id}`,
    description: `Description of ${id}`,
    tags: ['wcag2a'],
    nodeCount: 1,
    nodes: [{ target: ['p'], html: '<p>', failureSummary: 'Fix it' }],
    ...extra,
  };
}

describe('boundedViolations', () => {
  it('keeps each rule with its impact, help, tags and elements, in the report’s words', () => {
    expect(boundedViolations([violation('image-alt')])).toEqual([
      {
        id: 'image-alt',
        impact: 'serious',
        help: 'Help of image-alt',
        help_url: 'https://dequeuniversity.com/rules/axe/4.14/image-alt',
        description: 'Description of image-alt',
        tags: ['wcag2a'],
        node_count: 1,
        nodes: [{ target: 'p', html: '<p>', failure_summary: 'Fix it' }],
      },
    ]);
  });

  it('keeps the first elements of a rule and counts them all', () => {
    const nodes = Array.from({ length: 40 }, (_, i) => ({
      target: [`li:nth-child(${i + 1})`],
      html: '<li>',
      failureSummary: 'Fix it',
    }));
    const [kept] = boundedViolations([
      violation('color-contrast', { nodes, nodeCount: 40 }),
    ]);
    expect(kept.node_count).toBe(40);
    expect(kept.nodes).toHaveLength(ACCESSIBILITY_BOUNDS.nodesPerRule);
    expect(kept.nodes[0].target).toBe('li:nth-child(1)');
  });

  it('cuts long markup, summaries and selectors, and says so with an ellipsis', () => {
    const [kept] = boundedViolations([
      violation('label', {
        nodes: [
          {
            target: ['x'.repeat(1_000)],
            html: `<input value="${'a'.repeat(10_000)}">`,
            failureSummary: 'b'.repeat(10_000),
          },
        ],
      }),
    ]);
    const [node] = kept.nodes;
    expect(node.html).toHaveLength(ACCESSIBILITY_BOUNDS.htmlChars);
    expect(node.html.endsWith('…')).toBe(true);
    expect(node.failure_summary).toHaveLength(
      ACCESSIBILITY_BOUNDS.summaryChars,
    );
    expect(node.target).toHaveLength(ACCESSIBILITY_BOUNDS.targetChars);
  });

  it('bounds the number of rules and of tags', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      violation(`rule-${i}`, {
        tags: Array.from({ length: 100 }, (_, t) => `tag-${t}`),
      }),
    );
    const kept = boundedViolations(many);
    expect(kept).toHaveLength(ACCESSIBILITY_BOUNDS.rules);
    expect(kept[0].tags).toHaveLength(ACCESSIBILITY_BOUNDS.tags);
  });

  it('joins the selectors of shadow roots and frames', () => {
    const [kept] = boundedViolations([
      violation('button-name', {
        nodes: [{ target: [['my-app', 'button']], html: '<button>' }],
      }),
    ]);
    expect(kept.nodes[0]).toEqual({
      target: 'my-app >>> button',
      html: '<button>',
      failure_summary: '',
    });
  });

  it('puts the worst impact first, then orders by rule', () => {
    const kept = boundedViolations([
      violation('region', { impact: 'moderate' }),
      violation('label', { impact: 'critical' }),
      violation('bogus', { impact: 'unheard-of' }),
      violation('color-contrast', { impact: 'serious' }),
      violation('button-name', { impact: 'critical' }),
    ]);
    expect(kept.map((v) => [v.id, v.impact])).toEqual([
      ['button-name', 'critical'],
      ['label', 'critical'],
      ['color-contrast', 'serious'],
      ['region', 'moderate'],
      ['bogus', null],
    ]);
  });

  it('takes nothing from an answer that is not a list of rules', () => {
    expect(boundedViolations(null)).toEqual([]);
    expect(boundedViolations({ violations: [] })).toEqual([]);
    expect(boundedViolations([42, 'label', { impact: 'minor' }])).toEqual([]);
  });

  it('runs the WCAG 2.0, 2.1 and 2.2 A and AA rules, by axe-core’s tags', () => {
    expect(ACCESSIBILITY_TAGS).toEqual([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'wcag22aa',
    ]);
  });
});

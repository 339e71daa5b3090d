import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { CDPSession } from 'playwright-core';
import type {
  AccessibilityAudit,
  AccessibilityImpact,
  AccessibilityNode,
  AccessibilityViolation,
} from '../analysis/index.js';

/**
 * axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules, run in the page a render loaded,
 * once its DOM is serialised (docs/rendering.md, "Accessibility"). A step of its own,
 * bounded in time and in what it brings back: a failure says why and fails no render.
 */

/** axe-core's tags of the WCAG A and AA rules (4.x has no `wcag22a` rule). */
export const ACCESSIBILITY_TAGS: readonly string[] = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
];

/** What an audit keeps of what axe-core reports. */
export const ACCESSIBILITY_BOUNDS = {
  /** Rules kept (the tags above select 70 in axe-core 4.14). */
  rules: 100,
  /** Elements kept per rule; `node_count` counts them all. */
  nodesPerRule: 5,
  targetChars: 300,
  htmlChars: 300,
  summaryChars: 500,
  /** Help, description and help URL. */
  textChars: 1_000,
  tags: 30,
} as const;

const IMPACTS: readonly AccessibilityImpact[] = [
  'critical',
  'serious',
  'moderate',
  'minor',
];

const require = createRequire(import.meta.url);
let source: { text: string; engine: string } | null = null;

/** axe-core's script and version, read once a process. */
function axeSource(): { text: string; engine: string } {
  source ??= {
    text: readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'),
    engine: `axe-core ${(require('axe-core/package.json') as { version: string }).version}`,
  };
  return source;
}

/** What axe-core says of one of its rules, for outputs that describe the rules they name. */
export interface AccessibilityRuleInfo {
  help: string;
  description: string;
  helpUrl: string;
}

let rules: Map<string, AccessibilityRuleInfo> | null = null;

/** axe-core's own words for one of the rules run (read from the package once a process); undefined for another id. */
export function accessibilityRuleInfo(
  id: string,
): AccessibilityRuleInfo | undefined {
  rules ??= new Map(
    (
      require('axe-core') as {
        getRules(
          tags: readonly string[],
        ): Array<AccessibilityRuleInfo & { ruleId: string }>;
      }
    )
      .getRules(ACCESSIBILITY_TAGS)
      .map(({ ruleId, help, description, helpUrl }) => [
        ruleId,
        { help, description, helpUrl },
      ]),
  );
  return rules.get(id);
}

/** What to evaluate in the page: axe run on its document, its answer cut there already. */
function runExpression(): string {
  const { rules, nodesPerRule, htmlChars, summaryChars } = ACCESSIBILITY_BOUNDS;
  // Frames are not entered: axe would wait for an answer from frames this world cannot reach.
  return `(async () => {
  const result = await axe.run(document, {
    runOnly: { type: 'tag', values: ${JSON.stringify(ACCESSIBILITY_TAGS)} },
    resultTypes: ['violations'],
    iframes: false,
    elementRef: false,
  });
  return result.violations.slice(0, ${rules}).map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    description: v.description, tags: v.tags, nodeCount: v.nodes.length,
    nodes: v.nodes.slice(0, ${nodesPerRule}).map((n) => ({
      target: n.target,
      html: String(n.html ?? '').slice(0, ${htmlChars + 1}),
      failureSummary: String(n.failureSummary ?? '').slice(0, ${summaryChars + 1}),
    })),
  }));
})()`;
}

/**
 * Runs axe-core in an isolated world of the page's main frame: it reads the same DOM,
 * but the page's scripts can neither see it nor change the functions it calls, and it
 * leaves no global in the page. Past `timeoutMs`, the script is stopped.
 */
export async function auditAccessibility(
  cdp: CDPSession,
  timeoutMs: number,
): Promise<AccessibilityAudit> {
  const started = performance.now();
  const { text, engine } = axeSource();
  const work = (async () => {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: 'render-accessibility',
    });
    const injected = await cdp.send('Runtime.evaluate', {
      expression: text,
      contextId: executionContextId,
    });
    if (injected.exceptionDetails) throw new Error('axe-core did not load');
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: runExpression(),
      contextId: executionContextId,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) {
      const said =
        exceptionDetails.exception?.description ?? exceptionDetails.text;
      throw new Error(said.split('\n')[0]);
    }
    return result.value as unknown;
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  try {
    const found = await Promise.race([work, late]);
    if (found === 'late') {
      work.catch(() => undefined);
      // Frees the page's thread: axe, or a script of the page, may be running still.
      await cdp.send('Runtime.terminateExecution').catch(() => undefined);
      return notRun(`timed out after ${timeoutMs} ms`);
    }
    return {
      ran: true,
      engine,
      tags: [...ACCESSIBILITY_TAGS],
      violations: boundedViolations(found),
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return notRun(`failed: ${message.slice(0, 300)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** No rule ran, and why. */
export function notRun(reason: string): AccessibilityAudit {
  return { ran: false, reason };
}

/**
 * What axe-core answered, as a report keeps it: checked field by field (a page cannot
 * reach axe's world, but the answer is still another process's), bounded, worst
 * impact first, then by rule id.
 */
export function boundedViolations(found: unknown): AccessibilityViolation[] {
  if (!Array.isArray(found)) return [];
  const b = ACCESSIBILITY_BOUNDS;
  return (found as unknown[])
    .filter(
      (v): v is Record<string, unknown> =>
        typeof v === 'object' &&
        v !== null &&
        typeof (v as Record<string, unknown>).id === 'string',
    )
    .slice(0, b.rules)
    .map((v) => {
      const nodes = Array.isArray(v.nodes) ? v.nodes : [];
      return {
        id: cut(v.id, b.textChars),
        impact: impactOf(v.impact),
        help: cut(v.help, b.textChars),
        help_url: cut(v.helpUrl, b.textChars),
        description: cut(v.description, b.textChars),
        tags: (Array.isArray(v.tags) ? v.tags : [])
          .filter((tag): tag is string => typeof tag === 'string')
          .slice(0, b.tags)
          .map((tag) => cut(tag, 100)),
        node_count:
          typeof v.nodeCount === 'number' ? v.nodeCount : nodes.length,
        nodes: nodes.slice(0, b.nodesPerRule).map(nodeOf),
      };
    })
    .sort(
      (x, y) =>
        rank(x.impact) - rank(y.impact) ||
        (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
    );
}

function nodeOf(node: unknown): AccessibilityNode {
  const n = (typeof node === 'object' && node !== null ? node : {}) as Record<
    string,
    unknown
  >;
  const b = ACCESSIBILITY_BOUNDS;
  return {
    target: cut(targetOf(n.target), b.targetChars),
    html: cut(n.html, b.htmlChars),
    failure_summary: cut(n.failureSummary, b.summaryChars),
  };
}

/** axe's target: a selector per frame or shadow root, each a string or a list of them. */
function targetOf(target: unknown): string {
  if (!Array.isArray(target)) return typeof target === 'string' ? target : '';
  return target
    .map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part)))
    .join(' >>> ');
}

function impactOf(impact: unknown): AccessibilityImpact | null {
  return IMPACTS.includes(impact as AccessibilityImpact)
    ? (impact as AccessibilityImpact)
    : null;
}

function rank(impact: AccessibilityImpact | null): number {
  return impact === null ? IMPACTS.length : IMPACTS.indexOf(impact);
}

/** A string of axe's, at most `max` characters (an ellipsis says it was cut). */
function cut(text: unknown, max: number): string {
  const value = typeof text === 'string' ? text : '';
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

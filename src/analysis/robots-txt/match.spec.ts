import { PreparedRules } from './match.js';
import type { RobotsRule } from './parse.js';

/**
 * Google's own matcher, as robots.cc describes it, for reference: the set of path
 * positions the pattern read so far can reach, O(pattern × path) for one rule.
 */
function referenceMatches(path: string, pattern: string): boolean {
  let positions = [0];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '$' && i === pattern.length - 1) {
      return positions.at(-1) === path.length;
    }
    if (c === '*') {
      positions = Array.from(
        { length: path.length - positions[0] + 1 },
        (_, k) => positions[0] + k,
      );
    } else {
      positions = positions
        .filter((at) => at < path.length && path[at] === c)
        .map((at) => at + 1);
      if (positions.length === 0) return false;
    }
  }
  return true;
}

/** Google's decision: the longest matching Allow against the longest matching Disallow, Allow on a tie. */
function referenceAllows(rules: RobotsRule[], path: string): boolean {
  let allow = -1;
  let disallow = -1;
  for (const rule of rules) {
    let priority = referenceMatches(path, rule.pattern)
      ? rule.pattern.length
      : -1;
    const slash = rule.pattern.lastIndexOf('/');
    if (
      rule.allow &&
      priority < 0 &&
      slash >= 0 &&
      rule.pattern.startsWith('/index.htm', slash)
    ) {
      const directory = `${rule.pattern.slice(0, slash + 1)}$`;
      if (referenceMatches(path, directory)) priority = directory.length;
    }
    if (rule.allow) allow = Math.max(allow, priority);
    else disallow = Math.max(disallow, priority);
  }
  if (allow > 0 || disallow > 0) return disallow <= allow;
  return true;
}

function allows(prepared: PreparedRules, path: string): boolean {
  return prepared.decide(path)?.allow ?? true;
}

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function word(next: () => number, alphabet: string[], max: number): string {
  let text = '';
  const length = Math.floor(next() * (max + 1));
  for (let i = 0; i < length; i++) {
    text += alphabet[Math.floor(next() * alphabet.length)];
  }
  return text;
}

const rule = (allow: boolean, pattern: string, line = 1): RobotsRule => ({
  allow,
  pattern,
  line,
});

describe('the matcher', () => {
  it.each([
    ['few short rules on short paths', 20_000, 4, 6, 8],
    ['many rules on long paths', 1_000, 40, 12, 300],
  ])(
    "decides as Google's position-set matcher: %s",
    (_name, rounds, maxRules, maxPattern, maxPath) => {
      const next = random(20_251_126 + rounds);
      const patternAlphabet = ['/', 'a', 'b', '*', '*', '$', 'index.html'];
      const pathAlphabet = ['/', 'a', 'a', 'b', '$', 'index.html'];
      const disagreements: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const rules = Array.from(
          { length: 1 + Math.floor(next() * maxRules) },
          () =>
            rule(next() < 0.5, `/${word(next, patternAlphabet, maxPattern)}`),
        );
        const prepared = new PreparedRules(rules);
        for (let p = 0; p < 4; p++) {
          const path = `/${word(next, pathAlphabet, maxPath)}`;
          if (allows(prepared, path) !== referenceAllows(rules, path)) {
            disagreements.push(`${JSON.stringify(rules)} ${path}`);
          }
        }
      }
      expect(disagreements.slice(0, 5)).toEqual([]);
    },
  );

  it('picks the first rule that decides: the longest, Allow on a tie', () => {
    const prepared = new PreparedRules([
      rule(false, '/a', 1),
      rule(true, '/a*', 2),
      rule(false, '/a/b/', 3),
      rule(true, '/a/$', 4),
      rule(false, '/a/c', 5),
      rule(true, '/a/*', 6),
    ]);
    expect(prepared.decide('/a/b/c')?.source.line).toBe(3);
    expect(prepared.decide('/a/b')?.source.line).toBe(6);
    expect(prepared.decide('/a/c')?.source.line).toBe(6);
    expect(prepared.decide('/a/d')?.source.line).toBe(6);
    expect(prepared.decide('/a')?.source.line).toBe(2);
    expect(prepared.decide('/ab')?.source.line).toBe(2);
    expect(prepared.decide('/a/')?.source.line).toBe(4);
    expect(prepared.decide('/b')).toBeNull();
  });
});

/** Rules and a path a backtracking matcher takes exponential time on, and Google's quadratic. */
function hostile(rules: number, pathLength: number) {
  const patterns = Array.from(
    { length: rules },
    (_, r) => `/*${'a*'.repeat(20 + (r % 40))}b${r}`,
  );
  return {
    rules: patterns.map((pattern) => rule(false, pattern)),
    path: `/${'a'.repeat(pathLength - 1)}`,
  };
}

function stepsOf(rules: RobotsRule[], path: string): number {
  const meter = { steps: 0 };
  new PreparedRules(rules).decide(path, meter);
  return meter.steps;
}

/**
 * The documented bound of one decision on a path of n characters: for the heads, one
 * look-up per distinct head length; for the automaton, 2 edge look-ups a character and
 * at most one occurrence a character per distinct length of floating piece; for each
 * rule, one step, its tail compared, and per piece a presence check and a binary search
 * (or a share of at most 8 steps of a table of answers).
 */
function bound(rules: RobotsRule[], path: string): number {
  const n = path.length;
  const log = Math.ceil(Math.log2(n + 1));
  const headLengths = new Set<number>();
  const pieceLengths = new Set<number>();
  let perRule = 0;
  for (const { pattern } of rules) {
    const anchored = pattern.endsWith('$');
    const pieces = pattern.replace(/\$$/, '').split('*');
    headLengths.add(pieces[0].length);
    const floating = pieces.slice(1, anchored ? -1 : undefined);
    floating.forEach((piece) => pieceLengths.add(piece.length));
    const tail = anchored && pieces.length > 1 ? pieces.at(-1)!.length : 0;
    perRule += 1 + tail + floating.length * (2 + log + 9);
  }
  const heads = [...headLengths]
    .filter((length) => length <= n)
    .reduce((sum, length) => sum + length + 1, 0);
  return heads + 2 * n + n * pieceLengths.size + perRule;
}

describe("the matcher's cost", () => {
  it('stays within its bound on rules built to make matchers backtrack', () => {
    const { rules, path } = hostile(500, 2000);
    const steps = stepsOf(rules, path);
    expect(steps).toBeLessThanOrEqual(bound(rules, path));
    const patternBytes = rules.reduce((sum, r) => sum + r.pattern.length, 0);
    // Linear in the rules and the path together, far below Google's pattern × path.
    expect(steps).toBeLessThanOrEqual(10 * (patternBytes + path.length));
    expect(steps * 100).toBeLessThan(patternBytes * path.length);
  });

  it('grows linearly with the path, not with path × rules', () => {
    const { rules } = hostile(200, 2);
    const at = (length: number) => stepsOf(rules, `/${'a'.repeat(length - 1)}`);
    expect(at(4000)).toBeLessThanOrEqual(2.2 * at(2000));
    expect(at(2000)).toBeLessThanOrEqual(2.2 * at(1000));
  });

  it('stays within its bound when many distinct pieces occur at every position', () => {
    // /*a, /*aa, … /*a…a: every piece ends at almost every character of the path.
    const rules = Array.from({ length: 300 }, (_, k) =>
      rule(k % 2 === 0, `/*${'a'.repeat(k + 1)}b`),
    );
    const path = `/${'a'.repeat(1999)}`;
    const steps = stepsOf(rules, path);
    expect(steps).toBeLessThanOrEqual(bound(rules, path));
  });

  it('costs plain prefixes no more than comparing them', () => {
    const rules = Array.from({ length: 1000 }, (_, k) =>
      rule(false, `/section-${k}/`),
    );
    const path = `/section-999/${'x'.repeat(1000)}`;
    expect(stepsOf(rules, path)).toBeLessThanOrEqual(
      rules.reduce((sum, r) => sum + r.pattern.length, 0),
    );
  });
});

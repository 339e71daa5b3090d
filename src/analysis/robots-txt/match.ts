/**
 * Whether a group's rules let an agent fetch a path, as Google decides it: the rule with
 * the longest pattern that matches wins, Allow on a tie; `*` matches any run of
 * characters, a final `$` anchors the end; `/index.html` allowed allows its directory.
 *
 * No regular expression and no backtracking. A pattern is literal pieces between its
 * `*`s: the first (its head) must start the path, a final `$` makes the last end it, and
 * placing each piece in between at its leftmost occurrence is always right, so one
 * forward walk decides a rule. Which heads start the path is found by one hash look-up
 * per distinct head length; where the floating pieces occur, for all rules at once, by
 * one pass of an Aho-Corasick automaton over the path. A decision costs O(path ×
 * (1 + distinct piece lengths) + Σ pattern + Σ pieces × log path), against Google's
 * O(Σ pattern × path).
 */
import { SegmentAutomaton } from './segment-automaton.js';
import type { RobotsRule } from './parse.js';

/** Counts the work of decisions, for tests of its bound. */
export interface StepMeter {
  steps: number;
}

/** A rule ready to match: its pattern cut at its `*`s. */
class PreparedRule {
  constructor(
    /** The rule it comes from (for an implied directory, the `index.html` Allow). */
    readonly source: RobotsRule,
    readonly allow: boolean,
    /** Google's priority: the length of the (percent-encoded) pattern. */
    readonly priority: number,
    /** Id of the literal the path must start with. */
    readonly head: number,
    readonly headLength: number,
    /** Without `*`: whether the path must be exactly the head (a final `$`). */
    readonly exact: boolean,
    /** With `*`: ids of the pieces that follow the head in order, anywhere; null without `*`. */
    readonly floating: readonly number[] | null,
    /** With `*` and a final `$`: the piece the path must end with; null otherwise. */
    readonly tail: string | null,
  ) {}
}

/** Where each floating piece occurs in one path: its starts, in order, per piece. */
class Occurrences {
  private readonly counts: Int32Array;
  private readonly offsets: Int32Array;
  private readonly queries: Int32Array;
  /** Per piece queried often, the first start at or after each position (-1: none). */
  private readonly dense: (Int32Array | undefined)[];
  /** Tables of answers, kept from path to path. */
  private readonly tables: Int32Array[] = [];
  private tablesUsed = 0;
  /** The pieces found in the last path, so that only theirs are reset. */
  private readonly found: Int32Array;
  private foundCount = 0;
  private readonly pieces: number[] = [];
  private readonly starts: number[] = [];
  private sorted = new Int32Array(0);
  private pathLength = 0;

  constructor(pieceCount: number) {
    this.counts = new Int32Array(pieceCount);
    this.offsets = new Int32Array(pieceCount);
    this.queries = new Int32Array(pieceCount);
    this.dense = new Array<Int32Array | undefined>(pieceCount);
    this.found = new Int32Array(pieceCount);
  }

  /** Finds every occurrence in `path`; returns the steps taken. */
  index(automaton: SegmentAutomaton, path: string): number {
    for (let i = 0; i < this.foundCount; i++) {
      const piece = this.found[i];
      this.counts[piece] = 0;
      this.queries[piece] = 0;
      this.dense[piece] = undefined;
    }
    this.foundCount = 0;
    this.tablesUsed = 0;
    this.pieces.length = 0;
    this.starts.length = 0;
    this.pathLength = path.length;
    const steps = automaton.scan(path, this.record);
    let offset = 0;
    for (let i = 0; i < this.foundCount; i++) {
      const piece = this.found[i];
      this.offsets[piece] = offset;
      offset += this.counts[piece];
    }
    if (this.sorted.length < offset) this.sorted = new Int32Array(offset);
    // The offsets serve as cursors while filling, then are set back.
    for (let k = 0; k < this.pieces.length; k++) {
      this.sorted[this.offsets[this.pieces[k]]++] = this.starts[k];
    }
    for (let i = 0; i < this.foundCount; i++) {
      const piece = this.found[i];
      this.offsets[piece] -= this.counts[piece];
    }
    return steps + this.pieces.length;
  }

  private readonly record = (piece: number, start: number): void => {
    if (this.counts[piece]++ === 0) this.found[this.foundCount++] = piece;
    this.pieces.push(piece);
    this.starts.push(start);
  };

  /** Whether `piece` occurs at all in the path. */
  occurs(piece: number): boolean {
    return this.counts[piece] > 0;
  }

  /**
   * The first start of `piece` at or after `from`, or -1. A binary search; a piece asked
   * for more than path/8 times gets a table of answers, which costs path + 1 steps, at
   * most 8 steps a question.
   */
  firstFrom(piece: number, from: number, meter: StepMeter): number {
    meter.steps++;
    const count = this.counts[piece];
    if (count === 0 || from > this.pathLength) return -1;
    const table = this.dense[piece];
    if (table !== undefined) return table[from];
    const low = this.offsets[piece];
    if (++this.queries[piece] > this.pathLength >> 3) {
      meter.steps += this.pathLength + 1;
      return this.denseOf(piece, low, count)[from];
    }
    let first = low;
    let high = low + count;
    while (first < high) {
      meter.steps++;
      const middle = (first + high) >>> 1;
      if (this.sorted[middle] < from) first = middle + 1;
      else high = middle;
    }
    return first < low + count ? this.sorted[first] : -1;
  }

  private denseOf(piece: number, low: number, count: number): Int32Array {
    if (this.tablesUsed === this.tables.length) {
      this.tables.push(new Int32Array(0));
    }
    let table = this.tables[this.tablesUsed];
    if (table.length < this.pathLength + 1) {
      table = new Int32Array(this.pathLength + 1);
      this.tables[this.tablesUsed] = table;
    }
    this.tablesUsed++;
    let k = low + count - 1;
    let next = -1;
    for (let at = this.pathLength; at >= 0; at--) {
      while (k >= low && this.sorted[k] >= at) next = this.sorted[k--];
      table[at] = next;
    }
    this.dense[piece] = table;
    return table;
  }
}

/** A group's rules, prepared once and kept for every decision on them. */
export class PreparedRules {
  /** Longest pattern first, Allow before Disallow on a tie: the first rule that matches decides. */
  private readonly rules: PreparedRule[] = [];
  /** Ids of the distinct heads, and their lengths, shortest first. */
  private readonly headIds = new Map<string, number>();
  private readonly headLengths: number[];
  /** Per head id, whether the path being decided starts with it. */
  private readonly headStarts: Uint8Array;
  private readonly startingHeads: number[] = [];
  private readonly automaton: SegmentAutomaton | null;
  private readonly occurrences: Occurrences;
  private readonly pieceLengths: Int32Array;

  constructor(rules: readonly RobotsRule[]) {
    const pieceIds = new Map<string, number>();
    const seen = new Set<string>();
    for (const rule of rules) {
      for (const pattern of [rule.pattern, directoryOfIndex(rule)]) {
        // An empty pattern matches with priority 0, which never decides (Google).
        if (pattern === null || pattern === '') continue;
        const key = `${rule.allow ? 'A' : 'D'}${pattern}`;
        if (seen.has(key)) continue;
        seen.add(key);
        this.rules.push(this.prepare(rule, pattern, pieceIds));
      }
    }
    this.rules.sort(
      (a, b) => b.priority - a.priority || Number(b.allow) - Number(a.allow),
    );
    const heads = [...this.headIds.keys()];
    this.headLengths = [...new Set(heads.map((head) => head.length))];
    this.headLengths.sort((a, b) => a - b);
    this.headStarts = new Uint8Array(heads.length);
    const pieces = [...pieceIds.keys()];
    this.automaton = pieces.length > 0 ? new SegmentAutomaton(pieces) : null;
    this.occurrences = new Occurrences(pieces.length);
    this.pieceLengths = Int32Array.from(pieces, (piece) => piece.length);
  }

  private prepare(
    source: RobotsRule,
    pattern: string,
    pieceIds: Map<string, number>,
  ): PreparedRule {
    // `$` anchors only at the very end of a pattern; elsewhere it is a character.
    const anchored = pattern.endsWith('$');
    const body = anchored ? pattern.slice(0, -1) : pattern;
    const pieces = body.split('*');
    const head = this.headIdOf(pieces[0]);
    const priority = pattern.length;
    if (pieces.length === 1) {
      return new PreparedRule(
        source,
        source.allow,
        priority,
        head,
        body.length,
        anchored,
        null,
        null,
      );
    }
    const floating: number[] = [];
    const last = anchored ? pieces.length - 1 : pieces.length;
    for (let i = 1; i < last; i++) {
      if (pieces[i] === '') continue;
      let id = pieceIds.get(pieces[i]);
      if (id === undefined) {
        id = pieceIds.size;
        pieceIds.set(pieces[i], id);
      }
      floating.push(id);
    }
    const tail = anchored ? pieces[pieces.length - 1] : null;
    return new PreparedRule(
      source,
      source.allow,
      priority,
      head,
      pieces[0].length,
      false,
      floating,
      tail,
    );
  }

  private headIdOf(head: string): number {
    let id = this.headIds.get(head);
    if (id === undefined) {
      id = this.headIds.size;
      this.headIds.set(head, id);
    }
    return id;
  }

  /** Marks the heads the path starts with: one look-up per distinct head length. */
  private markHeads(path: string, meter: StepMeter): void {
    for (const head of this.startingHeads) this.headStarts[head] = 0;
    this.startingHeads.length = 0;
    for (const length of this.headLengths) {
      if (length > path.length) break;
      meter.steps += length + 1;
      const id = this.headIds.get(path.slice(0, length));
      if (id !== undefined) {
        this.headStarts[id] = 1;
        this.startingHeads.push(id);
      }
    }
  }

  /**
   * The rule that decides for `path` (the URL's path and query, percent-encoded), or null
   * when none matches (allowed); `meter.steps` grows by the steps taken.
   */
  decide(path: string, meter: StepMeter = { steps: 0 }): PreparedRule | null {
    this.markHeads(path, meter);
    let indexed = false;
    for (const rule of this.rules) {
      meter.steps++;
      if (this.headStarts[rule.head] === 0) continue;
      if (rule.floating === null) {
        if (!rule.exact || path.length === rule.headLength) return rule;
        continue;
      }
      if (!indexed && rule.floating.length > 0) {
        meter.steps += this.occurrences.index(this.automaton!, path);
        indexed = true;
      }
      if (this.matchesFloating(rule, path, meter)) return rule;
    }
    return null;
  }

  private matchesFloating(
    rule: PreparedRule,
    path: string,
    meter: StepMeter,
  ): boolean {
    const floating = rule.floating!;
    // A piece that occurs nowhere fails the rule before any search.
    for (const piece of floating) {
      meter.steps++;
      if (!this.occurrences.occurs(piece)) return false;
    }
    let at = rule.headLength;
    for (const piece of floating) {
      const start = this.occurrences.firstFrom(piece, at, meter);
      if (start === -1) return false;
      at = start + this.pieceLengths[piece];
    }
    if (rule.tail === null) return true;
    meter.steps += rule.tail.length;
    return path.length - rule.tail.length >= at && path.endsWith(rule.tail);
  }
}

/**
 * Google's `index.html` leniency: an Allow whose last path segment starts with
 * `index.htm` also allows its directory, as the pattern `<directory>/$`.
 */
function directoryOfIndex(rule: RobotsRule): string | null {
  if (!rule.allow) return null;
  const slash = rule.pattern.lastIndexOf('/');
  if (slash === -1 || !rule.pattern.startsWith('/index.htm', slash)) {
    return null;
  }
  return `${rule.pattern.slice(0, slash + 1)}$`;
}

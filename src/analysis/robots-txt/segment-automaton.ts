/**
 * Aho-Corasick over the literal pieces between the `*` of a group's patterns: one pass
 * over a path finds where every piece occurs, whatever the number of rules, so no rule
 * has to search the path on its own.
 */

/** Pieces are percent-encoded patterns: US-ASCII only. */
const ALPHABET = 128;
const ROOT = 0;

/** The trie's edges, keyed by (node, character), in open addressing over typed arrays. */
class EdgeTable {
  private readonly keys: Int32Array;
  private readonly targets: Int32Array;
  private readonly shift: number;
  private readonly mask: number;

  constructor(maxEdges: number) {
    let bits = 4;
    while (1 << bits < maxEdges * 2) bits++;
    this.keys = new Int32Array(1 << bits);
    this.targets = new Int32Array(1 << bits);
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
  }

  private slotOf(key: number): number {
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (this.keys[slot] !== 0 && this.keys[slot] !== key) {
      slot = (slot + 1) & this.mask;
    }
    return slot;
  }

  /** The node reached from `node` by `code`, or -1. */
  get(node: number, code: number): number {
    const slot = this.slotOf(node * ALPHABET + code + 1);
    return this.keys[slot] === 0 ? -1 : this.targets[slot];
  }

  set(node: number, code: number, target: number): void {
    const key = node * ALPHABET + code + 1;
    const slot = this.slotOf(key);
    this.keys[slot] = key;
    this.targets[slot] = target;
  }
}

/** Receives each occurrence found: which piece, and where in the path it starts. */
export type OccurrenceSink = (piece: number, start: number) => void;

export class SegmentAutomaton {
  private readonly edges: EdgeTable;
  private readonly fail: Int32Array;
  /** The piece a node spells, or -1. */
  private readonly piece: Int32Array;
  /** The nearest node down the failure links that spells a piece, or -1. */
  private readonly nextOutput: Int32Array;
  private readonly depth: Int32Array;

  /** `pieces`: distinct, non-empty, US-ASCII. */
  constructor(pieces: readonly string[]) {
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    this.edges = new EdgeTable(Math.max(1, total));
    const parent = new Int32Array(total + 1);
    const code = new Int32Array(total + 1);
    this.depth = new Int32Array(total + 1);
    this.piece = new Int32Array(total + 1).fill(-1);
    let nodes = 1;
    pieces.forEach((text, id) => {
      let node = ROOT;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        let next = this.edges.get(node, c);
        if (next === -1) {
          next = nodes++;
          this.edges.set(node, c, next);
          parent[next] = node;
          code[next] = c;
          this.depth[next] = this.depth[node] + 1;
        }
        node = next;
      }
      this.piece[node] = id;
    });
    this.fail = new Int32Array(nodes);
    this.nextOutput = new Int32Array(nodes).fill(-1);
    for (const node of byDepth(this.depth, nodes)) {
      if (node === ROOT) continue;
      const link = this.failureOf(parent[node], code[node]);
      this.fail[node] = link;
      this.nextOutput[node] =
        this.piece[link] !== -1 ? link : this.nextOutput[link];
    }
  }

  /** Where a node of parent `parent` by `c` falls back: the longest proper suffix in the trie. */
  private failureOf(parent: number, c: number): number {
    if (parent === ROOT) return ROOT;
    let node = this.fail[parent];
    for (;;) {
      const next = this.edges.get(node, c);
      if (next !== -1) return next;
      if (node === ROOT) return ROOT;
      node = this.fail[node];
    }
  }

  /**
   * Hands every occurrence of every piece in `text` to `sink`, each piece's in
   * increasing order; returns the steps taken (edge look-ups and occurrences), which
   * are at most 2 × the text's length plus the occurrences.
   */
  scan(text: string, sink: OccurrenceSink): number {
    let steps = 0;
    let node = ROOT;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= ALPHABET) {
        node = ROOT;
        continue;
      }
      for (;;) {
        steps++;
        const next = this.edges.get(node, c);
        if (next !== -1) {
          node = next;
          break;
        }
        if (node === ROOT) break;
        node = this.fail[node];
      }
      let output = this.piece[node] !== -1 ? node : this.nextOutput[node];
      while (output !== -1) {
        steps++;
        sink(this.piece[output], i + 1 - this.depth[output]);
        output = this.nextOutput[output];
      }
    }
    return steps;
  }
}

/** Nodes in order of depth (counting sort), so a node's failure link is known before it is needed. */
function byDepth(depth: Int32Array, nodes: number): Int32Array {
  let deepest = 0;
  for (let node = 0; node < nodes; node++) {
    deepest = Math.max(deepest, depth[node]);
  }
  const starts = new Int32Array(deepest + 2);
  for (let node = 0; node < nodes; node++) starts[depth[node] + 1]++;
  for (let d = 1; d <= deepest + 1; d++) starts[d] += starts[d - 1];
  const order = new Int32Array(nodes);
  for (let node = 0; node < nodes; node++) order[starts[depth[node]]++] = node;
  return order;
}

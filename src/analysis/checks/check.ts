import type { Element } from 'domhandler';
import type { ParsedPage } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import type { Category, CheckOutcome, Importance, Snapshot } from '../types.js';

/**
 * One audit: its identity in the report, what the check catalogue (docs/checks.md)
 * says of it, and a pure function of the parsed page and snapshot.
 */
export interface Check {
  /** Stable: the report's key and the catalogue's anchor (`/docs/checks#<id>`). */
  readonly id: string;
  readonly category: Category;
  readonly importance: Importance;
  readonly title: string;
  /** When it passes, in one sentence. */
  readonly passesWhen: string;
  /** When it does not apply (passed null), in one sentence; null when it always applies. */
  readonly notApplicableWhen: string | null;
  /** What to change when it fails, in one or two sentences; failed results carry it. */
  readonly advice: string;
  run(page: ParsedPage, snapshot: Snapshot): CheckOutcome;
}

/**
 * Where the check catalogue is served, relative to the service: it answers under
 * several host names, so only the reader of a report can make it absolute.
 */
export const CHECK_CATALOGUE_PATH = '/docs/checks';

/** A check's section of the catalogue. */
export function docUrlOf(id: string): string {
  return `${CHECK_CATALOGUE_PATH}#${id}`;
}

/** A text cut to the evidence limit. */
export function clip(
  text: string,
  max: number = THRESHOLDS.evidenceMaxChars,
): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The first items of a list, as many as evidence may hold. */
export function firstItems<T>(items: readonly T[]): T[] {
  return items.slice(0, THRESHOLDS.evidenceMaxItems);
}

/** An element's start tag as evidence, e.g. `<img src="/a.png">`. */
export function startTag(element: Element): string {
  const attributes = Object.entries(element.attribs)
    .map(([name, value]) => (value === '' ? name : `${name}="${value}"`))
    .join(' ');
  return clip(`<${element.name}${attributes ? ` ${attributes}` : ''}>`, 120);
}

/**
 * A count judged against its limit: `fact` says what was found ("The page has 3
 * links"), `limit` what it should be ("it should have at most 50").
 */
export function withinLimit(
  passed: boolean,
  fact: string,
  limit: string,
  value: unknown,
): CheckOutcome {
  return {
    passed,
    message: passed ? `${fact}.` : `${fact}; ${limit}.`,
    value,
  };
}

/** "1 image" / "3 images". */
export function plural(count: number, noun: string, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

import type { Element } from 'domhandler';
import type { ParsedPage } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import type { Category, CheckOutcome, Importance, Snapshot } from '../types.js';

/** One audit: its identity in the report and a pure function of the parsed page and snapshot. */
export interface Check {
  readonly id: string;
  readonly category: Category;
  readonly importance: Importance;
  readonly title: string;
  run(page: ParsedPage, snapshot: Snapshot): CheckOutcome;
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

/** "1 image" / "3 images". */
export function plural(count: number, noun: string, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

import type { Element } from 'domhandler';
import type { ParsedPage } from '../parse.js';
import { redirectStubTarget } from '../refresh.js';
import { THRESHOLDS } from '../thresholds.js';
import type {
  CheckCategory,
  CheckOutcome,
  Importance,
  Snapshot,
} from '../types.js';

/**
 * One audit: its identity in the report, what the check catalogue (docs/checks.md)
 * says of it, and a pure function of the parsed page and snapshot.
 */
export interface Check {
  /** Stable: the report's key and the catalogue's anchor (`/docs/checks#<id>`). */
  readonly id: string;
  /** `accessibility` counts in no score (types.ts, CHECK_CATEGORIES). */
  readonly category: CheckCategory;
  readonly importance: Importance;
  readonly title: string;
  /**
   * True when its verdict is one fact about the host (its server's answers, robots.txt,
   * sitemap, favicon, 404 page), the same on every page: a site audit reports it once.
   */
  readonly host?: true;
  /** When it passes, in one sentence. */
  readonly passesWhen: string;
  /** When it does not apply (passed null), in one sentence; null when it always applies. */
  readonly notApplicableWhen: string | null;
  /** What to change when it fails, in one or two sentences; failed results carry it. */
  readonly advice: string;
  /** Run only on a page rendered in a browser (render: true): it compares the rendered DOM with the raw HTML. */
  readonly onlyRendered?: boolean;
  /**
   * `warn`: what the SEO gate's presets assert on (a warning in the recommended one):
   * the essentials without which a page is hard to find or to show in results, markup
   * Google cannot read or show as a rich result, and accessibility rules broken.
   */
  readonly gate?: 'warn';
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

/** Whether the page was served over https (its final URL). */
export function isHttps(finalUrl: string): boolean {
  return URL.parse(finalUrl)?.protocol === 'https:';
}

/** "1 image" / "3 images". */
export function plural(count: number, noun: string, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** When a check of what readers see does not apply: said once, in each such check's catalogue entry. */
const ON_A_REDIRECT_STUB =
  'the page is a redirect stub (an instant meta refresh to another page of the same site, which readers and search engines follow at once)';

/**
 * A check of what a reader or a search engine's index takes from the page itself (its
 * text, its head, its looks), made not to apply to a redirect stub, which nobody
 * stays on: the page is judged as the redirect it is, and meta_refresh says how to
 * make it a real one.
 */
export function notOnRedirectStubs(check: Check): Check {
  const { notApplicableWhen } = check;
  return {
    ...check,
    notApplicableWhen:
      notApplicableWhen === null
        ? `${ON_A_REDIRECT_STUB[0].toUpperCase()}${ON_A_REDIRECT_STUB.slice(1)}.`
        : `${notApplicableWhen.replace(/\.$/, '')}; or ${ON_A_REDIRECT_STUB}.`,
    run: (page, snapshot) => {
      const target = redirectStubTarget(page, snapshot.finalUrl);
      if (target === null) return check.run(page, snapshot);
      return {
        passed: null,
        message: `The page is a redirect stub: an instant meta refresh sends readers on to ${clip(target.href, 120)}, so what it shows is not judged.`,
      };
    },
  };
}

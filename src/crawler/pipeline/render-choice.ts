import type { PageReading } from './page-reading.js';

/**
 * render: "auto" (docs/rendering.md): a crawl renders the start page and the first
 * pages of each template; where rendering changed nothing that matters on them, the
 * template's other pages are judged raw, else every page of it is rendered.
 */

/** How many pages of a template are rendered before its other pages are judged raw. */
export const AUTO_SAMPLE = 3;
/** Words a render may add or take away, as a share of the rendered page's, and change nothing. */
export const SMALL_TEXT_SHARE = 0.1;
/** Templates a crawl tells apart in one process: past it a new template's pages are all rendered. */
const MAX_TEMPLATES = 500;
/** Crawls whose choices a process keeps: the least recently used is forgotten past it. */
const MAX_CRAWLS = 50;

/** The rendered-against-raw checks that say a render changed what a search engine reads. */
const CHANGING_CHECKS: Record<string, string> = {
  rendered_title: 'the title',
  rendered_description: 'the meta description',
  rendered_h1: 'the h1',
  rendered_canonical: 'the canonical',
  rendered_noindex: 'the robots directives',
};

/** Why a page of a render: "auto" crawl was rendered or judged raw. */
export type RenderChoiceKind = 'start' | 'sample' | 'rendered' | 'raw';

export interface RenderChoice {
  kind: RenderChoiceKind;
  /** The page's template, as the crawl tells them apart while it runs. */
  template: string;
  reason: string;
}

/**
 * A page's template while the crawl runs, before the crawl's end groups its pages: its
 * folder (numbers, dates and ids generalised) and the digest of its raw layout. Pages
 * of one folder and one layout are one template; the site root is one of its own.
 */
export function templateOf(url: string, skeleton: string | null): string {
  const { pathname } = new URL(url);
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return '/';
  const folder = segments.slice(0, -1).map(folderSegment);
  const path = `/${[...folder, '*'].join('/')}`;
  return skeleton === null ? path : `${path} (layout ${skeleton.slice(0, 8)})`;
}

function folderSegment(segment: string): string {
  return /^\d+$|^\d{4}-\d{2}(-\d{2})?$|^[0-9a-f-]{32,36}$/i.test(segment)
    ? '{id}'
    : segment;
}

/**
 * What rendering changed that matters, in words, or null: text past a small share,
 * links, and the title, description, h1, canonical and robots directives (the
 * rendered page's own checks say those).
 */
export function renderChanges(
  raw: PageReading,
  rendered: PageReading,
): string | null {
  const changed: string[] = [];
  const words = {
    raw: raw.record.words ?? 0,
    rendered: rendered.record.words ?? 0,
  };
  if (
    Math.abs(words.rendered - words.raw) >
    SMALL_TEXT_SHARE * Math.max(words.rendered, words.raw, 1)
  ) {
    changed.push(
      `the text (${words.raw} words raw, ${words.rendered} rendered)`,
    );
  }
  const linksOf = (reading: PageReading) =>
    new Set(reading.links.map((link) => `${link.toHash}:${link.followed}`));
  const before = linksOf(raw);
  const after = linksOf(rendered);
  if (
    before.size !== after.size ||
    [...after].some((link) => !before.has(link))
  ) {
    changed.push(`the links (${before.size} raw, ${after.size} rendered)`);
  }
  for (const [check, what] of Object.entries(CHANGING_CHECKS)) {
    if (rendered.record.failedChecks.includes(check)) changed.push(what);
  }
  return changed.length === 0 ? null : changed.join(', ');
}

interface TemplateState {
  /** Samples rendered and compared so far. */
  sampled: number;
  /** Samples being rendered now. */
  sampling: number;
  /** What the first sample that changed showed, and on which page. */
  change: { url: string; what: string } | null;
  /** Pages waiting for a sample to end before they are decided. */
  waiting: Array<() => void>;
}

/** How long a page waits for its template's samples before it is rendered anyway. */
const WAIT_FOR_SAMPLES_MS = 60_000;

/**
 * The choices of a process's render: "auto" crawls: each template's samples, then its
 * verdict; a page of a template whose samples are all being rendered waits for one to
 * end. Kept per process (each worker samples its own first pages of a template), in
 * memory: a worker that restarts samples again.
 */
export class RenderChoices {
  private readonly crawls = new Map<string, Map<string, TemplateState>>();

  constructor(private readonly waitMs = WAIT_FOR_SAMPLES_MS) {}

  /**
   * Whether the page is rendered, and why; a sample's caller must `learn` what it
   * showed. Throws stop's reason when the crawl stops while the page waits.
   */
  async choose(
    crawlId: string,
    template: string,
    stop: AbortSignal = new AbortController().signal,
  ): Promise<RenderChoice> {
    const templates = this.templatesOf(crawlId);
    let state = templates.get(template);
    if (state === undefined) {
      if (templates.size >= MAX_TEMPLATES) {
        return {
          kind: 'rendered',
          template,
          reason: `The crawl has more than ${MAX_TEMPLATES} templates: pages of the ones past them are all rendered.`,
        };
      }
      state = { sampled: 0, sampling: 0, change: null, waiting: [] };
      templates.set(template, state);
    }
    const until = Date.now() + this.waitMs;
    for (;;) {
      const choice = decided(state, template);
      if (choice) return choice;
      const left = until - Date.now();
      const ended = left > 0 && (await sampleEnded(state, left, stop));
      stop.throwIfAborted();
      if (!ended) {
        return {
          kind: 'rendered',
          template,
          reason: `Its template's samples were still being rendered after ${this.waitMs / 1000} s: rendered.`,
        };
      }
    }
  }

  /** What a sample's render showed: null for no change that matters, undefined when it gave no page. */
  learn(
    crawlId: string,
    template: string,
    url: string,
    change: string | null | undefined,
  ): void {
    const state = this.crawls.get(crawlId)?.get(template);
    if (state === undefined) return;
    state.sampling = Math.max(0, state.sampling - 1);
    // A render that gave no page tells nothing: another page of the template is sampled.
    if (change !== undefined) {
      state.sampled += 1;
      if (change !== null && state.change === null) {
        state.change = { url, what: change };
      }
    }
    for (const wake of state.waiting.splice(0)) wake();
  }

  private templatesOf(crawlId: string): Map<string, TemplateState> {
    let templates = this.crawls.get(crawlId);
    if (templates) this.crawls.delete(crawlId);
    else templates = new Map();
    this.crawls.set(crawlId, templates);
    for (const [oldest] of this.crawls) {
      if (this.crawls.size <= MAX_CRAWLS) break;
      this.crawls.delete(oldest);
    }
    return templates;
  }
}

/** The template's verdict for a page, a sample to take, or null while its samples are all out. */
function decided(state: TemplateState, template: string): RenderChoice | null {
  if (state.change !== null) {
    return {
      kind: 'rendered',
      template,
      reason: `Rendering changed ${state.change.what} on ${state.change.url}, a sampled page of its template: every page of it is rendered.`,
    };
  }
  if (state.sampled >= AUTO_SAMPLE) {
    return {
      kind: 'raw',
      template,
      reason: `${state.sampled} sampled pages of its template rendered as their raw HTML reads: its other pages are judged raw.`,
    };
  }
  if (state.sampled + state.sampling >= AUTO_SAMPLE) return null;
  state.sampling += 1;
  return {
    kind: 'sample',
    template,
    reason: `Sampled: one of the first ${AUTO_SAMPLE} pages of its template, rendered to learn whether rendering changes it.`,
  };
}

/** True once a sample of the template ends, false past `ms` or at `stop`. */
function sampleEnded(
  state: TemplateState,
  ms: number,
  stop: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ended: boolean) => {
      clearTimeout(timer);
      stop.removeEventListener('abort', stopped);
      const at = state.waiting.indexOf(wake);
      if (at !== -1) state.waiting.splice(at, 1);
      resolve(ended);
    };
    const wake = () => done(true);
    const stopped = () => done(false);
    const timer = setTimeout(stopped, ms);
    timer.unref();
    if (stop.aborted) return done(false);
    stop.addEventListener('abort', stopped, { once: true });
    state.waiting.push(wake);
  });
}

import { canonicalTags } from '../declared-urls.js';
import { anchors, linkTarget, withoutFragment } from '../links.js';
import { elementsOf, elementsWhere, parsePage, textOf } from '../parse.js';
import type { ParsedPage } from '../parse.js';
import {
  forbidsIndexing,
  robotsMetas,
  robotsTxtBlockingLine,
} from '../robots.js';
import { THRESHOLDS } from '../thresholds.js';
import type { CheckOutcome, RenderingFacts, Snapshot } from '../types.js';
import { clip, firstItems, plural } from './check.js';
import type { Check } from './check.js';

/**
 * Rendered against raw (render: true only), as Screaming Frog's JavaScript tab names
 * them: what the page's scripts add or change that a crawler reading the raw HTML
 * does not see. The page checks judge the rendered DOM; these compare it with the raw.
 */

const NOT_RENDERED = 'The page was not rendered (render: true).';

/** The raw HTML parsed once per snapshot, however many checks compare against it. */
const rawPages = new WeakMap<RenderingFacts, ParsedPage>();

export function rawPageOf(
  rendering: RenderingFacts,
  finalUrl: string,
): ParsedPage {
  let raw = rawPages.get(rendering);
  if (raw === undefined) {
    raw = parsePage(rendering.rawHtml, finalUrl);
    rawPages.set(rendering, raw);
  }
  return raw;
}

/** A check of a rendered page: not run on a page that was not rendered. */
function renderedCheck(
  check: Omit<Check, 'run' | 'notApplicableWhen' | 'onlyRendered'> & {
    notApplicableWhen?: string;
    compare: (
      rendered: ParsedPage,
      raw: ParsedPage,
      rendering: RenderingFacts,
    ) => CheckOutcome;
  },
): Check {
  const { compare, notApplicableWhen, ...meta } = check;
  return {
    ...meta,
    notApplicableWhen: notApplicableWhen ?? null,
    onlyRendered: true,
    run: (page, snapshot: Snapshot) => {
      const { rendering } = snapshot;
      if (!rendering) return { passed: null, message: NOT_RENDERED };
      return compare(page, rawPageOf(rendering, snapshot.finalUrl), rendering);
    },
  };
}

/** A value the page states in one place (its title, its description) before and after the scripts. */
function compareStated(
  what: string,
  raw: readonly string[],
  rendered: readonly string[],
): CheckOutcome {
  const before = raw.join(' | ');
  const after = rendered.join(' | ');
  const value = {
    raw: raw.map((t) => clip(t)),
    rendered: rendered.map((t) => clip(t)),
  };
  if (before === after) {
    return {
      passed: true,
      message:
        rendered.length === 0
          ? `Neither the raw HTML nor the rendered page has a ${what}.`
          : `The raw HTML already has the ${what} the rendered page shows.`,
      value,
    };
  }
  if (raw.length === 0) {
    return {
      passed: false,
      message: `JavaScript adds the ${what}: the raw HTML has none.`,
      value,
    };
  }
  return {
    passed: false,
    message:
      rendered.length === 0
        ? `JavaScript removes the ${what} the raw HTML has.`
        : `JavaScript changes the ${what} from "${clip(before, 80)}" to "${clip(after, 80)}".`,
    value,
  };
}

const titlesOf = (page: ParsedPage) => page.titles.map(textOf);
const descriptionsOf = (page: ParsedPage) =>
  elementsWhere(page, 'meta', 'name', 'description').map((meta) =>
    (meta.attribs.content ?? '').replace(/\s+/g, ' ').trim(),
  );
const h1sOf = (page: ParsedPage) => elementsOf(page, 'h1').map(textOf);
// The URL each canonical tag names, as written where it names none: a script that writes the same URL another way changes nothing.
const canonicalsOf = (page: ParsedPage) =>
  canonicalTags(page).map(({ url, written }) => url?.href ?? written);

const SERVE_IN_HTML =
  'crawlers that do not run scripts, and search engines before they render, read only the raw HTML';

export const renderedContent: Check = renderedCheck({
  id: 'rendered_content',
  category: 'seo',
  importance: 'medium',
  title: 'Content only after rendering',
  passesWhen: `The raw HTML holds at least ${THRESHOLDS.rawContentMinShare * 100}% of the words the rendered page shows.`,
  advice: `Serve the page's text in its HTML (server-side rendering or prerendering): ${SERVE_IN_HTML}.`,
  compare: (rendered, raw) => {
    const value = {
      raw_words: raw.wordCount,
      rendered_words: rendered.wordCount,
    };
    const share =
      rendered.wordCount === 0 ? 1 : raw.wordCount / rendered.wordCount;
    const fact = `The raw HTML has ${plural(raw.wordCount, 'word')}, the rendered page ${rendered.wordCount}`;
    return share >= THRESHOLDS.rawContentMinShare
      ? { passed: true, message: `${fact}.`, value }
      : {
          passed: false,
          message: `${fact}: ${Math.round((1 - share) * 100)}% of the text appears only after the scripts run.`,
          value,
        };
  },
});

/** A page's links as requested: http(s), without their fragment. */
function linkAddresses(page: ParsedPage): Set<string> {
  const addresses = new Set<string>();
  for (const link of anchors(page)) {
    const target = linkTarget(page, link);
    if (target?.protocol === 'http:' || target?.protocol === 'https:') {
      addresses.add(withoutFragment(target));
    }
  }
  return addresses;
}

export const renderedLinks: Check = renderedCheck({
  id: 'rendered_links',
  category: 'seo',
  importance: 'medium',
  title: 'Links only after rendering',
  passesWhen: 'Every `<a href>` of the rendered page is in the raw HTML too.',
  advice: `Write the page's links as \`<a href>\` in its HTML: ${SERVE_IN_HTML}, and find the pages they lead to later or never.`,
  compare: (rendered, raw) => {
    const before = linkAddresses(raw);
    const added = [...linkAddresses(rendered)].filter(
      (url) => !before.has(url),
    );
    return added.length === 0
      ? {
          passed: true,
          message: 'Every link of the rendered page is in the raw HTML.',
        }
      : {
          passed: false,
          message: `${plural(added.length, 'link')} ${added.length === 1 ? 'appears' : 'appear'} only after the scripts run.`,
          value: firstItems(added),
        };
  },
});

export const renderedTitle: Check = renderedCheck({
  id: 'rendered_title',
  category: 'seo',
  importance: 'low',
  title: 'Title changed by JavaScript',
  passesWhen: 'The raw HTML has the `<title>` the rendered page has.',
  advice: `Put the page's final \`<title>\` in its HTML: ${SERVE_IN_HTML}, and may show the other title in results.`,
  compare: (rendered, raw) =>
    compareStated('title', titlesOf(raw), titlesOf(rendered)),
});

export const renderedDescription: Check = renderedCheck({
  id: 'rendered_description',
  category: 'seo',
  importance: 'low',
  title: 'Meta description changed by JavaScript',
  passesWhen: 'The raw HTML has the meta description the rendered page has.',
  advice: `Put the page's final \`<meta name="description">\` in its HTML: ${SERVE_IN_HTML}.`,
  compare: (rendered, raw) =>
    compareStated(
      'meta description',
      descriptionsOf(raw),
      descriptionsOf(rendered),
    ),
});

export const renderedH1: Check = renderedCheck({
  id: 'rendered_h1',
  category: 'seo',
  importance: 'low',
  title: 'H1 changed by JavaScript',
  passesWhen: 'The raw HTML has the `<h1>` headings the rendered page has.',
  advice: `Put the page's \`<h1>\` in its HTML: ${SERVE_IN_HTML}.`,
  compare: (rendered, raw) =>
    compareStated('<h1>', h1sOf(raw), h1sOf(rendered)),
});

export const renderedCanonical: Check = renderedCheck({
  id: 'rendered_canonical',
  category: 'seo',
  importance: 'medium',
  title: 'Canonical changed by JavaScript',
  passesWhen:
    'The raw HTML has the `<link rel="canonical">` the rendered page has.',
  advice:
    'Declare the canonical in the HTML (or a `Link` header) and never change it with a script: search engines may take the raw one, or neither when they disagree.',
  compare: (rendered, raw) =>
    compareStated('canonical', canonicalsOf(raw), canonicalsOf(rendered)),
});

/** Whether the page's robots meta tags forbid indexing. */
function noindexIn(page: ParsedPage): boolean {
  return robotsMetas(page).some((meta) =>
    forbidsIndexing(meta.attribs.content ?? ''),
  );
}

export const renderedNoindex: Check = renderedCheck({
  id: 'rendered_noindex',
  category: 'seo',
  importance: 'high',
  title: 'Noindex in one and not the other',
  passesWhen:
    'The raw HTML and the rendered page agree on whether a robots meta tag forbids indexing.',
  advice:
    'Say noindex in the HTML or not at all: a search engine that reads noindex in the raw HTML does not render the page, and one added by a script is seen late or never.',
  compare: (rendered, raw) => {
    const before = noindexIn(raw);
    const after = noindexIn(rendered);
    const value = { raw_noindex: before, rendered_noindex: after };
    if (before === after) {
      return {
        passed: true,
        message: before
          ? 'Both the raw HTML and the rendered page forbid indexing.'
          : 'Neither the raw HTML nor the rendered page forbids indexing.',
        value,
      };
    }
    return {
      passed: false,
      message: before
        ? 'The raw HTML forbids indexing (noindex) and the rendered page does not: search engines stop at the raw noindex and never render the page.'
        : 'JavaScript adds noindex: the raw HTML lets the page be indexed, the rendered page forbids it.',
      value,
    };
  },
});

export const scriptErrors: Check = renderedCheck({
  id: 'script_errors',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Uncaught script errors',
  passesWhen:
    'No script of the page throws an uncaught exception while it renders.',
  advice:
    "Fix the exceptions the page's scripts throw (the browser's console shows them): a script that stops halfway may leave content or links unwritten for readers and search engines alike.",
  compare: (_rendered, _raw, { pageErrors }) =>
    pageErrors.length === 0
      ? { passed: true, message: 'No script threw an uncaught exception.' }
      : {
          passed: false,
          message: `The page's scripts threw ${plural(pageErrors.length, 'uncaught exception')}.`,
          value: firstItems(pageErrors).map((error) => clip(error)),
        },
});

export const refusedRequests: Check = renderedCheck({
  id: 'refused_requests',
  category: 'security',
  importance: 'low',
  title: 'Requests to private addresses',
  passesWhen:
    "The page's scripts request no address the service refuses (loopback, private, link-local and other non-public addresses).",
  advice:
    'Remove what makes the page request internal or private addresses (a development server, an intranet name): readers cannot reach them, and such requests reveal the inside of a network.',
  compare: (_rendered, _raw, { refused }) =>
    refused.length === 0
      ? { passed: true, message: 'The page requested no refused address.' }
      : {
          passed: false,
          message: `${plural(refused.length, 'request')} of the page ${refused.length === 1 ? 'was' : 'were'} refused by the address policy, never sent.`,
          value: firstItems(refused).map(({ url, reason }) => ({
            url: clip(url),
            reason: clip(reason),
          })),
        },
});

export const fragmentRoutes: Check = renderedCheck({
  id: 'fragment_routes',
  category: 'seo',
  importance: 'medium',
  title: 'Pages routed by fragment',
  passesWhen:
    'No link of the rendered page routes by its fragment only (`#/page`, `#!/page`).',
  advice:
    'Route with real paths (the History API: `/page`, not `#/page`) and serve each path: search engines ignore fragments, so every `#/` route is one page to them.',
  compare: (_rendered, _raw, rendering) =>
    rendering.fragmentRoutes.length === 0
      ? { passed: true, message: 'No link routes by fragment.' }
      : {
          passed: false,
          message: `${plural(rendering.fragmentRoutes.length, 'link')} ${rendering.fragmentRoutes.length === 1 ? 'routes' : 'route'} by fragment only, which search engines do not follow as pages.`,
          value: firstItems(rendering.fragmentRoutes).map((url) => clip(url)),
        },
});

export const blockedResources: Check = {
  id: 'rendered_blocked_resources',
  category: 'seo',
  importance: 'medium',
  title: 'Resources robots.txt blocks',
  passesWhen:
    "robots.txt lets crawlers (user-agent `*`, read as Googlebot reads it) fetch every script, style sheet, data request and frame of the page's own site that the page asks for to render.",
  notApplicableWhen: null,
  onlyRendered: true,
  advice:
    'Allow crawlers the scripts, style sheets and data the page needs (remove the `Disallow` lines that cover them): Google renders a page without what robots.txt blocks, and may see it empty or broken.',
  run: (_page, snapshot) => {
    const { rendering, robotsTxt } = snapshot;
    if (!rendering) return { passed: null, message: NOT_RENDERED };
    // robots.txt of the page's own site only: another site's is not fetched.
    const blocked = rendering.resources.flatMap(({ url, type }) => {
      const line = robotsTxtBlockingLine(robotsTxt, url);
      return line === null ? [] : [{ url: clip(url), type, rule: clip(line) }];
    });
    if (blocked.length === 0) {
      return {
        passed: true,
        message:
          rendering.resources.length === 0
            ? 'The page asked for no script, style sheet or data to render.'
            : `robots.txt lets crawlers fetch the ${plural(rendering.resources.length, 'resource')} the page asked for.`,
      };
    }
    return {
      passed: false,
      message: `robots.txt blocks ${plural(blocked.length, 'resource')} the page asks for to render: Google renders it without ${blocked.length === 1 ? 'it' : 'them'}.`,
      value: firstItems(blocked),
    };
  },
};

export const RENDERING_CHECKS: readonly Check[] = [
  renderedContent,
  renderedLinks,
  renderedTitle,
  renderedDescription,
  renderedH1,
  renderedCanonical,
  renderedNoindex,
  scriptErrors,
  refusedRequests,
  fragmentRoutes,
  blockedResources,
];

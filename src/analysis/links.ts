import { isTag, isText } from 'domhandler';
import type { Element } from 'domhandler';
import { CODE_TAGS, elementsOf, resolveUrl, walkWithin } from './parse.js';
import type { ParsedPage } from './parse.js';

/**
 * The page's links as the checks and the link probes of gathering read them: which
 * `<a>` are links, which lead back to the page itself, which are code.
 */

/** `<a>` elements with an href: the page's links. */
export function anchors(page: ParsedPage): readonly Element[] {
  return elementsOf(page, 'a').filter((a) => a.attribs.href !== undefined);
}

/** Attributes that attach a click handler in the markup: `onclick`, and the frameworks' own. */
const CLICK_HANDLER =
  /^(?:onclick|(?:data-)?ng-click|(?:v-on:|@|x-on:)click(?:\..*)?)$/;

/**
 * `<a>` elements without an href that run a script when clicked: links a crawler
 * cannot follow (Lighthouse's crawlable-anchors). One with a `role` (a button) or a
 * `name` (an old fragment target) is not offered as a link.
 */
export function scriptedAnchors(page: ParsedPage): readonly Element[] {
  return elementsOf(page, 'a').filter(
    ({ attribs }) =>
      attribs.href === undefined &&
      attribs.role === undefined &&
      attribs.name === undefined &&
      Object.keys(attribs).some((name) => CLICK_HANDLER.test(name)),
  );
}

/** A URL without its fragment, as requested over the network. */
export function withoutFragment(url: URL): string {
  // "#" only ever stands at the fragment in a serialised URL; no parse needed.
  const hash = url.href.indexOf('#');
  return hash === -1 ? url.href : url.href.slice(0, hash);
}

/**
 * Whether `url` is the page at `finalUrl` (an empty href, or a fragment of the page).
 * Give `finalUrl` once for many links: `isThePage(finalUrl)` returns the test.
 */
export function isThePage(finalUrl: string): (url: URL) => boolean {
  const page = URL.parse(finalUrl);
  const address = page === null ? null : withoutFragment(page);
  return (url) => address !== null && withoutFragment(url) === address;
}

const resolvedTargets = new WeakMap<Element, URL | null>();

/**
 * The link's target resolved against the page's base URL, or null when the href does
 * not parse. Several checks ask for every link: each is resolved once, and the URL is
 * shared, so it must not be changed.
 */
export function linkTarget(page: ParsedPage, link: Element): URL | null {
  let target = resolvedTargets.get(link);
  if (target === undefined) {
    target = resolveUrl(page, link.attribs.href ?? '');
    resolvedTargets.set(link, target);
  }
  return target;
}

/**
 * Whether a link's text is code (`<a><code>continue</code></a>`, or a link inside
 * `<pre>`): an identifier, not a description a reader is offered.
 */
export function hasCodeText(page: ParsedPage, link: Element): boolean {
  if (page.linksInCode.has(link)) return true;
  // The common link holds text only: nothing in it can be code.
  if (link.children.every(isText)) return false;
  let code = false;
  let prose = false;
  walkWithin(link, (node) => {
    if (isTag(node) && CODE_TAGS.has(node.name)) {
      code = true;
      return false;
    }
    if (isText(node) && node.data.trim() !== '') prose = true;
  });
  return code && !prose;
}

/** Failures a reader meets too: no such host, no connection, or TLS the browser refuses. */
const UNREACHABLE = new Set(['dns', 'connection', 'tls']);

/**
 * Whether a probed URL is broken: it answered 4xx/5xx or could not be reached. A
 * timeout or a refusal by our own address policy says nothing about the site.
 */
export function isBrokenAnswer(
  status: number | null,
  error: string | null,
): boolean {
  return status !== null ? status >= 400 : UNREACHABLE.has(error ?? '');
}

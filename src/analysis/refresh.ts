import { elementsWhere } from './parse.js';
import type { ParsedPage } from './parse.js';

/**
 * The page's meta refresh, a fact of the parsed page: when it moves readers on at
 * once to another page of the same site, the page is a redirect stub, judged as the
 * redirect it is (Google treats an instant meta refresh as a permanent redirect, and
 * Lighthouse follows it) rather than as a page someone reads.
 */

export interface MetaRefresh {
  /** Seconds before the refresh (the fraction a browser ignores left out). */
  delaySeconds: number;
  /** Where it leads, resolved against the page; null when it reloads the page itself. */
  target: URL | null;
}

const ASCII_WHITESPACE = /[\t\n\f\r ]/;

/**
 * A `<meta http-equiv="refresh">` content as the HTML standard reads it ("shared
 * declarative refresh steps"): `5`, `0;URL=/next`, `0, url='/next'`, `0; /next`.
 * Null when it does not parse, as a browser would then do nothing.
 */
export function parseRefresh(
  content: string,
  base: URL | null,
): MetaRefresh | null {
  let at = 0;
  const skipWhitespace = () => {
    while (at < content.length && ASCII_WHITESPACE.test(content[at])) at++;
  };
  skipWhitespace();
  const digitsStart = at;
  while (at < content.length && content[at] >= '0' && content[at] <= '9') at++;
  const digits = content.slice(digitsStart, at);
  if (digits === '' && content[at] !== '.') return null;
  while (at < content.length && /[0-9.]/.test(content[at])) at++;
  const delaySeconds = digits === '' ? 0 : Number(digits);
  if (at < content.length && !/[\t\n\f\r ;,]/.test(content[at])) return null;
  skipWhitespace();
  if (content[at] === ';' || content[at] === ',') at++;
  skipWhitespace();
  if (at >= content.length) return { delaySeconds, target: null };
  let urlString = content.slice(at);
  const named = /^url\s*=\s*/i.exec(urlString);
  if (named !== null || !/^u/i.test(urlString)) {
    if (named !== null) urlString = urlString.slice(named[0].length);
    const quote = urlString[0];
    if (quote === '"' || quote === "'") {
      const close = urlString.indexOf(quote, 1);
      urlString = urlString.slice(1, close === -1 ? undefined : close);
    }
  }
  const target = URL.parse(urlString.trim(), base?.href);
  return target === null ? null : { delaySeconds, target };
}

/** The first meta refresh of the page that a browser would act on, or null. */
export function metaRefreshOf(page: ParsedPage): MetaRefresh | null {
  for (const meta of elementsWhere(page, 'meta', 'http-equiv', 'refresh')) {
    const refresh = parseRefresh(meta.attribs.content ?? '', page.baseUrl);
    if (refresh !== null) return refresh;
  }
  return null;
}

/** The same site: one host, or one a subdomain of the other (`docs.example.com`, `example.com`). */
function sameSite(a: URL, b: URL): boolean {
  const x = a.hostname;
  const y = b.hostname;
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

const stubTargets = new WeakMap<ParsedPage, URL | null>();

/**
 * Where the page sends readers at once when it is a redirect stub: an instant meta
 * refresh (delay 0) to another page of the same site. Null for any other page.
 */
export function redirectStubTarget(
  page: ParsedPage,
  finalUrl: string,
): URL | null {
  let target = stubTargets.get(page);
  if (target === undefined) {
    target = null;
    const refresh = metaRefreshOf(page);
    const here = URL.parse(finalUrl);
    const to = refresh?.target ?? null;
    if (
      refresh?.delaySeconds === 0 &&
      to !== null &&
      here !== null &&
      (to.protocol === 'http:' || to.protocol === 'https:') &&
      sameSite(to, here)
    ) {
      to.hash = '';
      here.hash = '';
      target = to.href === here.href ? null : to;
    }
    stubTargets.set(page, target);
  }
  return target;
}

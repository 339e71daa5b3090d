import type { Element } from 'domhandler';
import { anchors, linkTarget } from '../links.js';
import { elementsOf, elementsWhere, resolveUrl, tokensOf } from '../parse.js';
import { clip, firstItems, isHttps, plural, startTag } from './check.js';
import type { Check } from './check.js';

/**
 * Checks of the defences beyond HTTPS and the classic headers: the http:// address
 * sending readers on, links over https, what referrers and browser features the page
 * gives away, its cookies' attributes, and the integrity of code from other origins.
 */

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const httpsRedirect: Check = {
  id: 'https_redirect',
  host: true,
  category: 'security',
  importance: 'medium',
  title: 'HTTP to HTTPS redirect',
  passesWhen:
    'On an https page, the same URL with http:// answers with a redirect to https://.',
  notApplicableWhen:
    'The page is not served over HTTPS, or its http:// URL did not answer.',
  advice:
    'Make every http:// address answer with a 301 (or 308) to the same https:// address.',
  run: (_page, { finalUrl, httpProbe }) => {
    if (!isHttps(finalUrl)) {
      return { passed: null, message: 'The page is not served over HTTPS.' };
    }
    if (httpProbe === null) {
      return { passed: null, message: 'The http:// URL was not asked.' };
    }
    // Nothing listening on http:// is no insecure answer: browsers then try https.
    if (httpProbe.status === null) {
      return {
        passed: null,
        message: `The http:// URL did not answer (${httpProbe.error ?? 'network error'}).`,
        value: clip(httpProbe.url),
      };
    }
    const { status, location } = httpProbe;
    const evidence = clip(
      `${status} ${httpProbe.url}${location ? ` → ${location}` : ''}`,
    );
    if (REDIRECT_STATUSES.has(status) && location?.startsWith('https://')) {
      return {
        passed: true,
        message: `The http:// URL redirects to https:// (HTTP ${status}).`,
        value: evidence,
      };
    }
    return {
      passed: false,
      message: REDIRECT_STATUSES.has(status)
        ? 'The http:// URL redirects, but not to https://.'
        : `The http:// URL answers HTTP ${status} instead of redirecting to https://.`,
      value: evidence,
    };
  },
};

export const insecureLinks: Check = {
  id: 'insecure_links',
  category: 'security',
  importance: 'low',
  title: 'Links over HTTPS',
  passesWhen: 'An https page has no link to a plain http:// URL.',
  notApplicableWhen: 'The page is not served over HTTPS.',
  advice:
    'Link to https:// wherever the target offers it: a plain http link lets the network read and change what the reader gets.',
  run: (page, { finalUrl }) => {
    if (!isHttps(finalUrl)) {
      return { passed: null, message: 'The page is not served over HTTPS.' };
    }
    const insecure = anchors(page).filter(
      (link) => linkTarget(page, link)?.protocol === 'http:',
    );
    return insecure.length === 0
      ? { passed: true, message: 'No link leads to a plain http:// URL.' }
      : {
          passed: false,
          message: `${plural(insecure.length, 'link leads', 'links lead')} to a plain http:// URL.`,
          value: firstItems(insecure).map((link) =>
            clip(link.attribs.href, 120),
          ),
        };
  },
};

/** Referrer policies a browser knows, with the legacy meta names mapped to them. */
const REFERRER_POLICIES = new Map([
  ['no-referrer', 'no-referrer'],
  ['no-referrer-when-downgrade', 'no-referrer-when-downgrade'],
  ['same-origin', 'same-origin'],
  ['origin', 'origin'],
  ['strict-origin', 'strict-origin'],
  ['origin-when-cross-origin', 'origin-when-cross-origin'],
  ['strict-origin-when-cross-origin', 'strict-origin-when-cross-origin'],
  ['unsafe-url', 'unsafe-url'],
  ['never', 'no-referrer'],
  ['default', 'strict-origin-when-cross-origin'],
  ['always', 'unsafe-url'],
  ['origin-when-crossorigin', 'origin-when-cross-origin'],
]);

/** The policy a value sets: its last known token, as browsers read a list of fallbacks. */
function referrerPolicyOf(value: string | undefined): string | null {
  const known = (value ?? '')
    .split(',')
    .map((token) => REFERRER_POLICIES.get(token.trim().toLowerCase()))
    .filter((policy) => policy !== undefined);
  return known.at(-1) ?? null;
}

export const referrerPolicy: Check = {
  id: 'referrer_policy',
  host: true,
  category: 'security',
  importance: 'low',
  title: 'Referrer-Policy',
  passesWhen:
    'A `Referrer-Policy` header or `<meta name="referrer">` sets a policy other than `unsafe-url`.',
  notApplicableWhen: null,
  advice:
    'Send `Referrer-Policy: strict-origin-when-cross-origin` (or stricter) so the full addresses of your pages do not leak to other sites.',
  run: (page, { headers }) => {
    // A <meta name="referrer"> overrides the header for the page's own requests.
    const meta = elementsWhere(page, 'meta', 'name', 'referrer')
      .map((m) => referrerPolicyOf(m.attribs.content))
      .filter((policy) => policy !== null)
      .at(-1);
    const policy = meta ?? referrerPolicyOf(headers['referrer-policy']);
    if (policy === null) {
      return { passed: false, message: 'The page sets no Referrer-Policy.' };
    }
    return policy === 'unsafe-url'
      ? {
          passed: false,
          message:
            'The Referrer-Policy unsafe-url sends full URLs, https ones included, to every site.',
          value: policy,
        }
      : {
          passed: true,
          message: `The Referrer-Policy is ${policy}.`,
          value: policy,
        };
  },
};

export const permissionsPolicy: Check = {
  id: 'permissions_policy',
  host: true,
  category: 'security',
  importance: 'low',
  title: 'Permissions-Policy',
  passesWhen: 'A `Permissions-Policy` header is sent.',
  notApplicableWhen: null,
  advice:
    'Send a `Permissions-Policy` header that switches off the browser features the site does not use, such as `camera=(), microphone=(), geolocation=()`.',
  run: (_page, { headers }) => {
    const header = headers['permissions-policy']?.trim();
    return header
      ? {
          passed: true,
          message:
            'A Permissions-Policy header limits the browser features the page may use.',
          value: clip(header),
        }
      : {
          passed: false,
          message: 'The page sends no Permissions-Policy header.',
        };
  },
};

/** A Set-Cookie's name and the attributes it lacks on this page. */
function cookieGaps(setCookie: string, onHttps: boolean): string | null {
  const [pair, ...attributes] = setCookie.split(';');
  const names = new Set(
    attributes.map((attribute) => attribute.split('=')[0].trim().toLowerCase()),
  );
  const missing: string[] = [];
  if (!names.has('samesite')) missing.push('no SameSite');
  if (onHttps && !names.has('secure')) missing.push('no Secure');
  if (missing.length === 0) return null;
  return clip(`${pair.split('=')[0].trim()}: ${missing.join(', ')}`, 120);
}

export const cookieFlags: Check = {
  id: 'cookie_flags',
  category: 'security',
  importance: 'medium',
  title: 'Cookie attributes',
  passesWhen:
    'Every cookie the page sets has `SameSite`, and `Secure` on https.',
  notApplicableWhen: 'The page sets no cookies.',
  advice:
    'Set `SameSite=Lax` (or `Strict`) on every cookie, and `Secure` on an https site, so cookies stay off cross-site requests and plain http.',
  run: (_page, { setCookies, finalUrl }) => {
    if (setCookies.length === 0) {
      return { passed: null, message: 'The page sets no cookies.' };
    }
    const onHttps = isHttps(finalUrl);
    const gaps = setCookies
      .map((cookie) => cookieGaps(cookie, onHttps))
      .filter((gap) => gap !== null);
    const needs = onHttps ? 'SameSite and Secure' : 'SameSite';
    return gaps.length === 0
      ? {
          passed: true,
          message: `Every cookie (${setCookies.length}) is set with ${needs}.`,
        }
      : {
          passed: false,
          message: `${gaps.length} of ${plural(setCookies.length, 'cookie')} ${gaps.length === 1 ? 'lacks' : 'lack'} ${needs}.`,
          value: firstItems(gaps),
        };
  },
};

export const subresourceIntegrity: Check = {
  id: 'subresource_integrity',
  category: 'security',
  importance: 'low',
  title: 'Subresource integrity',
  passesWhen:
    'Every script and stylesheet from another origin carries an `integrity` hash.',
  notApplicableWhen:
    'The page loads no script or stylesheet from another origin.',
  advice:
    'Add `integrity` (and `crossorigin="anonymous"`) to scripts and stylesheets served from other origins, so a tampered copy is refused.',
  run: (page, { finalUrl }) => {
    const origin = URL.parse(finalUrl)?.origin;
    const foreign = (element: Element, attribute: string) => {
      const reference = element.attribs[attribute]?.trim();
      const url = reference ? resolveUrl(page, reference) : null;
      return (
        url !== null &&
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.origin !== origin
      );
    };
    const resources = [
      ...elementsOf(page, 'script').filter((s) => foreign(s, 'src')),
      ...elementsOf(page, 'link').filter(
        (l) => tokensOf(l, 'rel').includes('stylesheet') && foreign(l, 'href'),
      ),
    ];
    if (resources.length === 0) {
      return {
        passed: null,
        message: 'The page loads no script or stylesheet from another origin.',
      };
    }
    const unchecked = resources.filter((r) => !r.attribs.integrity?.trim());
    return unchecked.length === 0
      ? {
          passed: true,
          message: `Every script and stylesheet from another origin (${resources.length}) carries an integrity hash.`,
        }
      : {
          passed: false,
          message: `${unchecked.length} of ${plural(resources.length, 'script or stylesheet', 'scripts and stylesheets')} from another origin ${unchecked.length === 1 ? 'carries' : 'carry'} no integrity hash.`,
          value: firstItems(unchecked).map(startTag),
        };
  },
};

export const SECURITY_HARDENING_CHECKS: readonly Check[] = [
  httpsRedirect,
  insecureLinks,
  referrerPolicy,
  permissionsPolicy,
  cookieFlags,
  subresourceIntegrity,
];

import type { Element } from 'domhandler';
import { anchors, linkTarget } from '../links.js';
import { elementsOf, elementsWhere, resolveUrl, tokensOf } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import { clip, firstItems, plural, startTag } from './check.js';
import type { Check } from './check.js';
import { loadedUrls } from './resources.js';

/** Checks of transport security, response headers and what the page exposes. */

function isHttps(finalUrl: string): boolean {
  return URL.parse(finalUrl)?.protocol === 'https:';
}

export const https: Check = {
  id: 'https',
  category: 'security',
  importance: 'high',
  title: 'HTTPS',
  passesWhen: 'The final URL is https.',
  notApplicableWhen: null,
  advice:
    'Serve the site over HTTPS with a valid certificate (free ones exist) and redirect http:// to it.',
  run: (_page, { finalUrl }) =>
    isHttps(finalUrl)
      ? { passed: true, message: 'The page is served over HTTPS.' }
      : {
          passed: false,
          message: 'The page is not served over HTTPS.',
          value: clip(finalUrl),
        },
};

export const mixedContent: Check = {
  id: 'mixed_content',
  category: 'security',
  importance: 'high',
  title: 'Mixed content',
  passesWhen: 'An https page loads no subresource over plain http.',
  notApplicableWhen: 'The page is not served over HTTPS.',
  advice:
    'Load every script, stylesheet, image and frame over https (or by a relative URL): browsers block or flag plain-http resources on secure pages.',
  run: (page, { finalUrl }) => {
    if (!isHttps(finalUrl)) {
      return { passed: null, message: 'The page is not served over HTTPS.' };
    }
    const insecure: string[] = [];
    for (const reference of loadedUrls(page)) {
      if (resolveUrl(page, reference)?.protocol === 'http:') {
        insecure.push(clip(reference, 120));
      }
    }
    return insecure.length === 0
      ? { passed: true, message: 'Every subresource is loaded over HTTPS.' }
      : {
          passed: false,
          message: `${plural(insecure.length, 'subresource is', 'subresources are')} loaded over plain HTTP.`,
          value: firstItems(insecure),
        };
  },
};

export const hsts: Check = {
  id: 'hsts',
  category: 'security',
  importance: 'medium',
  title: 'HTTP Strict Transport Security',
  passesWhen: `\`Strict-Transport-Security\` with a max-age of at least ${THRESHOLDS.hstsMinMaxAgeSeconds / 86_400} days (${THRESHOLDS.hstsMinMaxAgeSeconds.toLocaleString('en')} s).`,
  notApplicableWhen: 'The page is not served over HTTPS.',
  advice:
    'Send `Strict-Transport-Security: max-age=31536000; includeSubDomains` once every subdomain works over HTTPS.',
  run: (_page, { finalUrl, headers }) => {
    if (!isHttps(finalUrl)) {
      return { passed: null, message: 'The page is not served over HTTPS.' };
    }
    const header = headers['strict-transport-security'];
    if (header === undefined) {
      return {
        passed: false,
        message: 'The page sends no Strict-Transport-Security header.',
      };
    }
    const match = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?/i.exec(header);
    const maxAge = match ? Number(match[1]) : 0;
    const passed = maxAge >= THRESHOLDS.hstsMinMaxAgeSeconds;
    return {
      passed,
      message: passed
        ? `HSTS is set for ${maxAge} seconds.`
        : `HSTS max-age is ${maxAge} seconds; it should be at least ${THRESHOLDS.hstsMinMaxAgeSeconds} (180 days).`,
      value: clip(header),
    };
  },
};

/**
 * A version number: after a slash ("nginx/1.25.3", "PHP/8") or dotted ("Jetty(9.4.51)").
 * A digit inside a name ("AmazonS3", "h2o") or an id ("dcb/7F5E") is not one.
 */
const VERSION = /\/\s*v?\d+(?:\.\d+)*(?!\w)|\bv?\d+(?:\.\d+)+\b/i;

export const serverSignature: Check = {
  id: 'server_signature',
  category: 'security',
  importance: 'low',
  title: 'Server signature',
  passesWhen: 'Neither `Server` nor `X-Powered-By` reveals a version number.',
  notApplicableWhen: null,
  advice:
    'Keep the server and framework from announcing their versions (`server_tokens off` in nginx, `ServerTokens Prod` in Apache, no `X-Powered-By`).',
  run: (_page, { headers }) => {
    const revealing = [
      ['Server', headers.server],
      ['X-Powered-By', headers['x-powered-by']],
    ]
      .filter(([, value]) => value !== undefined && VERSION.test(value))
      .map(([name, value]) => clip(`${name}: ${value}`));
    return revealing.length === 0
      ? { passed: true, message: 'No header reveals a software version.' }
      : {
          passed: false,
          message: 'Response headers reveal the server software version.',
          value: revealing,
        };
  },
};

export const unsafeCrossOriginLinks: Check = {
  id: 'unsafe_cross_origin_links',
  category: 'security',
  importance: 'medium',
  title: 'Safe cross-origin links',
  passesWhen:
    'Every `target=_blank` link to another origin has `rel` noopener or noreferrer.',
  notApplicableWhen: 'No link opens another origin in a new tab.',
  advice:
    'Add `rel="noopener"` to links that open another site in a new tab, so that site cannot take over the tab showing your page.',
  run: (page, snapshot) => {
    // <base href> changes how links resolve, not which origin the page itself is.
    const origin = URL.parse(snapshot.finalUrl)?.origin;
    const external = elementsOf(page, 'a').filter((a) => {
      if (a.attribs.target?.trim().toLowerCase() !== '_blank') return false;
      const url =
        a.attribs.href === undefined ? null : resolveUrl(page, a.attribs.href);
      return (
        url !== null &&
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.origin !== origin
      );
    });
    if (external.length === 0) {
      return {
        passed: null,
        message: 'No link opens another origin in a new tab.',
      };
    }
    const unsafe = external.filter((a) => {
      const rel = tokensOf(a, 'rel');
      return !rel.includes('noopener') && !rel.includes('noreferrer');
    });
    return unsafe.length === 0
      ? {
          passed: true,
          message: `Every link to another origin in a new tab (${external.length}) has rel=noopener or noreferrer.`,
        }
      : {
          passed: false,
          message: `${unsafe.length} of ${plural(external.length, 'link')} to another origin in a new tab lack rel=noopener or noreferrer.`,
          value: firstItems(unsafe).map(startTag),
        };
  },
};

/** Characters of an address's local part, and of its domain. */
const LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u;
const DOMAIN_CHAR = /[\p{L}\p{N}.-]/u;
const ADDRESS =
  /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u;
/** RFC 5321's lengths: an address is no longer than this on either side of "@". */
const LOCAL_MAX = 64;
const DOMAIN_MAX = 255;

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): no one's mailbox. */
const RESERVED_DOMAIN =
  /(^|\.)(example\.com|example\.net|example\.org|example|test|invalid|localhost)$/i;

function isReservedAddress(address: string): boolean {
  return RESERVED_DOMAIN.test(address.slice(address.lastIndexOf('@') + 1));
}

/**
 * The addresses in a text, read outward from each "@" rather than by one regex over
 * the text, whose backtracking would be quadratic on long runs of letters.
 */
export function emailAddressesIn(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (
      start > 0 &&
      at - start < LOCAL_MAX &&
      LOCAL_CHAR.test(text[start - 1])
    )
      start--;
    let end = at + 1;
    while (
      end < text.length &&
      end - at <= DOMAIN_MAX &&
      DOMAIN_CHAR.test(text[end])
    )
      end++;
    const address = text.slice(start, end).replace(/[.-]+$/, '');
    if (ADDRESS.test(address)) found.push(address);
  }
  return found;
}

/** Header fields of a mailto: URL that carry addresses (RFC 6068). */
const MAILTO_ADDRESS_FIELDS = new Set(['to', 'cc', 'bcc']);

/** The addresses a mailto: link names; "mailto:?subject=…" (share by e-mail) names none. */
function mailtoAddresses(href: string): string[] {
  if (href.slice(0, 7).toLowerCase() !== 'mailto:') return [];
  const [to, query = ''] = href.slice(7).split('?', 2);
  const fields = [to];
  for (const field of query.split('&')) {
    const [name, value = ''] = field.split('=', 2);
    if (MAILTO_ADDRESS_FIELDS.has(name.toLowerCase())) fields.push(value);
  }
  return fields
    .flatMap((field) => safeDecode(field).split(','))
    .map((address) => address.trim())
    .filter((address) => address.includes('@'));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const plaintextEmail: Check = {
  id: 'plaintext_email',
  category: 'security',
  importance: 'low',
  title: 'Plain-text e-mail addresses',
  passesWhen:
    'No e-mail address in the prose or in `mailto:` links, leaving out reserved example domains (RFC 2606, RFC 6761) and addresses in code (`<code>`, `<kbd>`, `<samp>`, `<pre>`).',
  notApplicableWhen: null,
  advice:
    'Offer a contact form, or write addresses in a way harvesting robots do not read, to keep them off spam lists.',
  run: (page) => {
    // Addresses in code samples and at reserved example domains reach no one.
    const found = page.visibleText.includes('@')
      ? emailAddressesIn(page.proseText)
      : [];
    for (const a of elementsOf(page, 'a')) {
      const href = a.attribs.href?.trim();
      if (href && !page.linksInCode.has(a))
        found.push(...mailtoAddresses(href));
    }
    const exposed = [...new Set(found.filter((a) => !isReservedAddress(a)))];
    return exposed.length === 0
      ? {
          passed: true,
          message: 'The page shows no e-mail address to harvest.',
        }
      : {
          passed: false,
          message: `The page exposes ${plural(exposed.length, 'e-mail address', 'e-mail addresses')} to harvesters.`,
          value: firstItems(exposed).map((a) => clip(a)),
        };
  },
};

/** One policy's directives: lower-case name → its source expressions (the first of a repeated name wins). */
type Policy = ReadonlyMap<string, readonly string[]>;

/** The policies of a CSP value: several headers arrive joined with ", ", each its own policy. */
function policiesOf(value: string): Policy[] {
  return value.split(',').map((serialized) => {
    const policy = new Map<string, string[]>();
    for (const directive of serialized.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      const key = name.toLowerCase();
      if (key !== '' && !policy.has(key)) {
        policy.set(
          key,
          sources.map((source) => source.toLowerCase()),
        );
      }
    }
    return policy;
  });
}

/** A directive's sources, or default-src's when the policy leaves it out. */
function sourcesFor(
  policy: Policy,
  directive: string,
): readonly string[] | undefined {
  return policy.get(directive) ?? policy.get('default-src');
}

/** Browsers ignore 'unsafe-inline' once a nonce or a hash says which inline scripts may run. */
function allowsInjectedScripts(sources: readonly string[]): boolean {
  return (
    sources.includes("'unsafe-inline'") &&
    !sources.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s))
  );
}

/** What an enforced policy leaves open, each gap in a few words; every policy must be met, so one closing a gap is enough. */
function policyGaps(policies: readonly Policy[]): string[] {
  const gaps: string[] = [];
  const scripts = policies
    .map((policy) => sourcesFor(policy, 'script-src'))
    .filter((sources) => sources !== undefined);
  if (scripts.length === 0) {
    gaps.push('no script-src or default-src: any script may run');
  } else if (scripts.every(allowsInjectedScripts)) {
    gaps.push("'unsafe-inline' without a nonce or hash: injected scripts run");
  }
  const noPlugins = policies.some((policy) => {
    const sources = sourcesFor(policy, 'object-src');
    return sources?.length === 1 && sources[0] === "'none'";
  });
  if (!noPlugins) gaps.push("object-src is not 'none': plugins may load");
  if (!policies.some((policy) => policy.has('base-uri'))) {
    gaps.push('no base-uri: an injected <base> can redirect relative URLs');
  }
  return gaps;
}

export const contentSecurityPolicy: Check = {
  id: 'content_security_policy',
  category: 'security',
  importance: 'medium',
  title: 'Content Security Policy',
  passesWhen:
    "An enforced Content-Security-Policy restricts scripts (`script-src` or `default-src` without `'unsafe-inline'` unless nonces or hashes are given), sets `object-src 'none'` (or `default-src 'none'`) and sets `base-uri`.",
  notApplicableWhen: null,
  advice:
    "Send a Content-Security-Policy header such as `default-src 'self'; object-src 'none'; base-uri 'self'`, and give inline scripts nonces or hashes instead of allowing `'unsafe-inline'`.",
  run: (page, { headers }) => {
    // Report-only policies enforce nothing, so they do not count.
    const declared = [
      headers['content-security-policy'],
      ...elementsWhere(
        page,
        'meta',
        'http-equiv',
        'content-security-policy',
      ).map((meta) => meta.attribs.content),
    ].filter(
      (value): value is string => value !== undefined && value.trim() !== '',
    );
    if (declared.length === 0) {
      return {
        passed: false,
        message: 'The page has no Content-Security-Policy.',
      };
    }
    const gaps = policyGaps(declared.flatMap(policiesOf));
    return gaps.length === 0
      ? {
          passed: true,
          message:
            'The Content-Security-Policy restricts scripts, plugins and <base>.',
          value: clip(declared.join(', ')),
        }
      : {
          passed: false,
          message: `The Content-Security-Policy leaves ${plural(gaps.length, 'gap')}.`,
          value: gaps,
        };
  },
};

export const contentTypeOptions: Check = {
  id: 'content_type_options',
  category: 'security',
  importance: 'low',
  title: 'X-Content-Type-Options',
  passesWhen: '`X-Content-Type-Options: nosniff`.',
  notApplicableWhen: null,
  advice:
    'Send `X-Content-Type-Options: nosniff` so browsers never run a file as another type than the one it was served as.',
  run: (_page, { headers }) => {
    const header = headers['x-content-type-options'];
    return header?.trim().toLowerCase() === 'nosniff'
      ? { passed: true, message: 'X-Content-Type-Options is nosniff.' }
      : {
          passed: false,
          message: 'X-Content-Type-Options: nosniff is missing.',
          value: header === undefined ? undefined : clip(header),
        };
  },
};

export const frameProtection: Check = {
  id: 'frame_protection',
  category: 'security',
  importance: 'low',
  title: 'Clickjacking protection',
  passesWhen:
    '`X-Frame-Options`, or a Content-Security-Policy header with `frame-ancestors`.',
  notApplicableWhen: null,
  advice:
    "Send `Content-Security-Policy: frame-ancestors 'self'` (or `X-Frame-Options: SAMEORIGIN`) so other sites cannot frame the page to trick clicks.",
  // Only headers count: browsers ignore frame-ancestors in a meta CSP.
  run: (_page, { headers }) => {
    const frameOptions = headers['x-frame-options']?.trim();
    if (frameOptions) {
      return {
        passed: true,
        message: 'X-Frame-Options limits who may frame the page.',
        value: clip(`X-Frame-Options: ${frameOptions}`),
      };
    }
    const csp = headers['content-security-policy'];
    // Several CSP headers arrive joined with ", "; a directive can start after either.
    if (
      csp !== undefined &&
      /(^|[;,])\s*frame-ancestors(\s|;|,|$)/i.test(csp)
    ) {
      return {
        passed: true,
        message:
          'The CSP frame-ancestors directive limits who may frame the page.',
      };
    }
    return {
      passed: false,
      message:
        'Neither X-Frame-Options nor CSP frame-ancestors protects the page from framing.',
    };
  },
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const httpsRedirect: Check = {
  id: 'https_redirect',
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

export const SECURITY_CHECKS: readonly Check[] = [
  https,
  mixedContent,
  hsts,
  serverSignature,
  unsafeCrossOriginLinks,
  plaintextEmail,
  contentSecurityPolicy,
  contentTypeOptions,
  frameProtection,
];

import type { Element } from 'domhandler';
import { elementsOf, elementsWhere, resolveUrl, tokensOf } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import { clip, firstItems, isHttps, plural, startTag } from './check.js';
import type { Check } from './check.js';
import { loadedUrls } from '../resources.js';

/** Checks of transport security, response headers and what the page exposes. */

export const https: Check = {
  id: 'https',
  host: true,
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
  host: true,
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
  host: true,
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

/**
 * Browsers imply `noopener` for `target=_blank` (HTML since 2019: Chrome 88, Firefox 79,
 * Safari 12.1); only an explicit `rel=opener` hands the opened site this tab again.
 */
function reopensOpener(link: Element): boolean {
  const rel = tokensOf(link, 'rel');
  return (
    rel.includes('opener') &&
    !rel.includes('noopener') &&
    !rel.includes('noreferrer')
  );
}

export const unsafeCrossOriginLinks: Check = {
  id: 'unsafe_cross_origin_links',
  category: 'security',
  importance: 'medium',
  title: 'Safe cross-origin links',
  passesWhen:
    'No `target=_blank` link to another origin asks for `rel=opener`: browsers open such links without a handle on this tab (`noopener` is implied), unless the link asks for one.',
  notApplicableWhen: 'No link opens another origin in a new tab.',
  advice:
    'Drop `rel="opener"` from links that open another site in a new tab, so that site cannot send the tab showing your page elsewhere.',
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
    const unsafe = external.filter(reopensOpener);
    return unsafe.length === 0
      ? {
          passed: true,
          message: `No link to another origin in a new tab (${external.length}) asks for rel=opener.`,
        }
      : {
          passed: false,
          message: `${unsafe.length} of ${plural(external.length, 'link')} to another origin in a new tab ${unsafe.length === 1 ? 'asks' : 'ask'} for rel=opener, handing that site this tab.`,
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

/** What ends a run of text that could be a URL: white space, or what no URL holds. */
function endsUrl(code: number): boolean {
  return (
    code <= 32 ||
    code === 0x22 || // "
    code === 0x3c || // <
    code === 0x3e || // >
    code === 0x60 || // `
    code === 0xa0 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x3000
  );
}
/** Just before a local part, these say it is the tail of a URL or of an identifier. */
const INSIDE_URL = /[/=?&#~!$*\\|^@]/;

/**
 * The addresses a reader sees in a text: read outward from each "@" (one regex over the
 * text would backtrack quadratically on long runs of letters), and only those that
 * stand apart. An "@" inside a URL (`https://lore.kernel.org/git/2020….GC2868@szeder.dev/`,
 * `…/message-id/CAJ…Xa=DxR7…@mail.gmail.com`, `www.…`) is part of an address nobody is
 * shown; so is a local part longer than RFC 5321 allows, or one a path runs on from.
 */
export function emailAddressesIn(text: string): string[] {
  const found: string[] = [];
  // One pass ahead of the "@"s: whether the run of text holding the next one is a URL.
  let read = 0;
  let inUrl = false;
  let runStart = true;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    for (; read < at; read++) {
      if (endsUrl(text.charCodeAt(read))) {
        inUrl = false;
        runStart = true;
        continue;
      }
      if (
        !inUrl &&
        ((text[read] === ':' && text.startsWith('//', read + 1)) ||
          (runStart && text.slice(read, read + 4).toLowerCase() === 'www.'))
      ) {
        inUrl = true;
      }
      runStart = false;
    }
    if (inUrl) continue;
    let start = at;
    while (
      start > 0 &&
      at - start < LOCAL_MAX &&
      LOCAL_CHAR.test(text[start - 1])
    )
      start--;
    const before = start > 0 ? text[start - 1] : '';
    if (INSIDE_URL.test(before) || LOCAL_CHAR.test(before)) continue;
    let end = at + 1;
    while (
      end < text.length &&
      end - at <= DOMAIN_MAX &&
      DOMAIN_CHAR.test(text[end])
    )
      end++;
    if (text[end] === '/') continue;
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
  // The same reading as for prose: `mailto:email@address` names no address.
  return fields.flatMap((field) => emailAddressesIn(safeDecode(field)));
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
    "No e-mail address in the prose or in `mailto:` links, read by one rule: an address stands apart (not inside a URL, such as a mail archive's `…/2020….GC2868@szeder.dev/`) and has a dotted domain (`email@address` is none); reserved example domains (RFC 2606, RFC 6761) and addresses in code (`<code>`, `<kbd>`, `<samp>`, `<pre>`) are left out.",
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
  host: true,
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
  host: true,
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
  host: true,
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

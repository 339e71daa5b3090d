import { elementsOf, resolveUrl, tokensOf } from '../parse.js';
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

const EMAIL =
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/** Header fields of a mailto: URL that carry addresses (RFC 6068). */
const MAILTO_ADDRESS_FIELDS = new Set(['to', 'cc', 'bcc']);

/** A mailto: link that names an address; "mailto:?subject=…" (share by e-mail) names none. */
function mailtoHasAddress(href: string): boolean {
  if (href.slice(0, 7).toLowerCase() !== 'mailto:') return false;
  const [to, query = ''] = href.slice(7).split('?', 2);
  if (to.includes('@') || to.includes('%40')) return true;
  for (const field of query.split('&')) {
    const [name, value = ''] = field.split('=', 2);
    if (
      MAILTO_ADDRESS_FIELDS.has(name.toLowerCase()) &&
      (value.includes('@') || value.toLowerCase().includes('%40'))
    )
      return true;
  }
  return false;
}

export const plaintextEmail: Check = {
  id: 'plaintext_email',
  category: 'security',
  importance: 'low',
  title: 'Plain-text e-mail addresses',
  run: (page) => {
    const found: string[] = [];
    const inText = page.visibleText.includes('@')
      ? EMAIL.exec(page.visibleText)
      : null;
    if (inText) found.push(clip(inText[0]));
    for (const a of elementsOf(page, 'a')) {
      const href = a.attribs.href?.trim();
      if (href && mailtoHasAddress(href)) found.push(clip(href));
    }
    return found.length === 0
      ? {
          passed: true,
          message: 'The page shows no e-mail address to harvest.',
        }
      : {
          passed: false,
          message: 'The page exposes an e-mail address to harvesters.',
          value: firstItems([...new Set(found)]),
        };
  },
};

function metaHttpEquiv(
  page: Parameters<Check['run']>[0],
  name: string,
): string | undefined {
  return elementsOf(page, 'meta').find(
    (meta) => meta.attribs['http-equiv']?.trim().toLowerCase() === name,
  )?.attribs.content;
}

export const contentSecurityPolicy: Check = {
  id: 'content_security_policy',
  category: 'security',
  importance: 'low',
  title: 'Content Security Policy',
  run: (page, { headers }) => {
    const header = headers['content-security-policy'];
    if (header !== undefined) {
      return {
        passed: true,
        message: 'The page sends a Content-Security-Policy header.',
        value: clip(header),
      };
    }
    const meta = metaHttpEquiv(page, 'content-security-policy');
    return meta !== undefined
      ? {
          passed: true,
          message: 'The page declares a Content-Security-Policy in a meta tag.',
          value: clip(meta),
        }
      : { passed: false, message: 'The page has no Content-Security-Policy.' };
  },
};

export const contentTypeOptions: Check = {
  id: 'content_type_options',
  category: 'security',
  importance: 'low',
  title: 'X-Content-Type-Options',
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

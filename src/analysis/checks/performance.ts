import { isTag } from 'domhandler';
import type { Element } from 'domhandler';
import { renderingModeOf } from '../doctype.js';
import type { RenderingMode } from '../doctype.js';
import { elementsOf } from '../parse.js';
import { DECISIONS, THRESHOLDS } from '../thresholds.js';
import { clip, firstItems, plural, startTag, withinLimit } from './check.js';
import type { Check } from './check.js';
import { subresourceRequests } from '../resources.js';

/** Checks of how fast the page can arrive and render. */

const COMPRESSIONS = new Set(['gzip', 'x-gzip', 'br', 'deflate', 'zstd']);

export const textCompression: Check = {
  id: 'text_compression',
  host: true,
  category: 'performance',
  importance: 'high',
  title: 'Text compression',
  passesWhen: 'The HTML came compressed (gzip, br, deflate or zstd).',
  notApplicableWhen: null,
  advice:
    'Turn on gzip or Brotli compression for HTML in the server or CDN: it usually cuts the transfer by two thirds or more.',
  run: (_page, { contentEncoding }) => {
    // Codings can be stacked ("deflate, gzip"): any compression among them counts.
    const encoding = contentEncoding?.trim().toLowerCase() ?? '';
    const compressed = encoding
      .split(',')
      .some((coding) => COMPRESSIONS.has(coding.trim()));
    return compressed
      ? {
          passed: true,
          message: `The HTML came ${encoding}-compressed.`,
          value: encoding,
        }
      : {
          passed: false,
          message: 'The HTML came uncompressed.',
          value: contentEncoding,
        };
  },
};

export const responseTime: Check = {
  id: 'response_time',
  category: 'performance',
  importance: 'high',
  title: 'Response time',
  passesWhen: `The whole HTML arrived within ${THRESHOLDS.responseTimeMaxMs} ms.`,
  notApplicableWhen: null,
  advice:
    'Make the server answer faster: cache rendered pages, trim slow database work, or serve the page from a CDN near your readers.',
  run: (_page, { loadTimeMs }) => {
    const ms = Math.round(loadTimeMs);
    const passed = loadTimeMs <= THRESHOLDS.responseTimeMaxMs;
    return {
      passed,
      message: passed
        ? `The HTML arrived in ${ms} ms.`
        : `The HTML took ${ms} ms to arrive; it should take at most ${THRESHOLDS.responseTimeMaxMs} ms.`,
      value: ms,
    };
  },
};

export const pageSize: Check = {
  id: 'page_size',
  category: 'performance',
  importance: 'medium',
  title: 'HTML size',
  passesWhen: `The decoded HTML is at most ${THRESHOLDS.htmlMaxBytes / 1000} KB.`,
  notApplicableWhen: null,
  advice:
    'Slim the HTML: move inline scripts, styles and data into cached files, and split or lazy-load long lists.',
  run: (_page, { htmlBytes }) => {
    const kb = Math.round(htmlBytes / 1000);
    const passed = htmlBytes <= THRESHOLDS.htmlMaxBytes;
    return {
      passed,
      message: passed
        ? `The HTML weighs ${kb} KB.`
        : `The HTML weighs ${kb} KB; it should weigh at most ${THRESHOLDS.htmlMaxBytes / 1000} KB.`,
      value: htmlBytes,
    };
  },
};

export const httpRequests: Check = {
  id: 'http_requests',
  category: 'performance',
  importance: 'medium',
  title: 'Number of requests',
  passesWhen: `The page references at most ${THRESHOLDS.subresourcesMax} subresources (scripts, stylesheets, images, media, frames).`,
  notApplicableWhen: null,
  advice:
    'Bundle scripts and stylesheets, drop widgets nobody uses, and lazy-load images further down the page.',
  run: (page) => {
    const requests = subresourceRequests(page);
    const byKind: Record<string, number> = {};
    for (const { kind } of requests) byKind[kind] = (byKind[kind] ?? 0) + 1;
    return withinLimit(
      requests.length <= THRESHOLDS.subresourcesMax,
      `The page references ${plural(requests.length, 'subresource')}`,
      `it should reference at most ${THRESHOLDS.subresourcesMax}`,
      { total: requests.length, ...byKind },
    );
  },
};

const MODERN_IMAGE = /\.(webp|avif|svg)$/i;
const LEGACY_IMAGE = /\.(jpe?g|png|gif|bmp|tiff?|ico|heic)$/i;
const MODERN_MIME = /^image\/(webp|avif|svg\+xml)$/i;

/** Whether a `<picture>` offers a WebP, AVIF or SVG source; asked once per picture, however many images it holds. */
function offersModernSource(
  picture: Element,
  known: Map<Element, boolean>,
): boolean {
  let offers = known.get(picture);
  if (offers === undefined) {
    offers = picture.children.some(
      (child) =>
        isTag(child) &&
        child.name === 'source' &&
        MODERN_MIME.test(child.attribs.type?.trim() ?? ''),
    );
    known.set(picture, offers);
  }
  return offers;
}

/** An image's format judged by its URL: true modern, false legacy, null when the URL does not say. */
function isModernImage(
  img: Element,
  pictures: Map<Element, boolean>,
): boolean | null {
  const parent = img.parent;
  if (
    parent &&
    isTag(parent) &&
    parent.name === 'picture' &&
    offersModernSource(parent, pictures)
  ) {
    return true;
  }
  const src = (img.attribs.src ?? img.attribs.srcset ?? '').trim();
  if (src.toLowerCase().startsWith('data:')) {
    return MODERN_MIME.test(src.slice(5).split(/[;,]/)[0]);
  }
  const path = src.split(/[?#\s]/)[0];
  if (MODERN_IMAGE.test(path)) return true;
  if (LEGACY_IMAGE.test(path)) return false;
  return null;
}

export const imageFormat: Check = {
  id: 'image_format',
  category: 'performance',
  importance: 'low',
  title: 'Modern image formats',
  passesWhen:
    'Every image whose URL shows its format is WebP, AVIF or SVG, or sits in a `<picture>` that offers one.',
  notApplicableWhen:
    'The page has no images, or no image URL shows its format.',
  advice:
    'Serve photos as WebP or AVIF and drawings as SVG, with a `<picture>` fallback where older browsers still matter.',
  run: (page) => {
    const images = elementsOf(page, 'img');
    if (images.length === 0) {
      return { passed: null, message: 'The page has no images.' };
    }
    const legacy: Element[] = [];
    const pictures = new Map<Element, boolean>();
    let judged = 0;
    for (const img of images) {
      const modern = isModernImage(img, pictures);
      if (modern === null) continue;
      judged++;
      if (!modern) legacy.push(img);
    }
    if (judged === 0) {
      return {
        passed: DECISIONS.imageFormatWhenUnknown,
        message: 'No image URL tells its format.',
      };
    }
    return legacy.length === 0
      ? {
          passed: true,
          message: `Every image whose format its URL tells (${judged}) is WebP, AVIF or SVG.`,
        }
      : {
          passed: false,
          message: `${legacy.length} of ${plural(images.length, 'image')} use an older format than WebP, AVIF or SVG.`,
          value: firstItems(legacy).map((img) =>
            clip(img.attribs.src ?? img.attribs.srcset ?? '', 120),
          ),
        };
  },
};

/** The JavaScript MIME type essences a browser runs as a classic script (WHATWG MIME Sniffing). */
const JAVASCRIPT_MIME_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/** Whether a browser runs the script as a classic script (HTML, "prepare the script element"). */
function isClassicScript(script: Element): boolean {
  const { type, language } = script.attribs;
  if (type === undefined) {
    // The legacy language attribute stands in for a missing type.
    return (
      !language || JAVASCRIPT_MIME_TYPES.has(`text/${language.toLowerCase()}`)
    );
  }
  return type === '' || JAVASCRIPT_MIME_TYPES.has(type.trim().toLowerCase());
}

export const deferJavascript: Check = {
  id: 'defer_javascript',
  category: 'performance',
  importance: 'medium',
  title: 'Deferred JavaScript',
  passesWhen:
    'No external script in `<head>` blocks rendering: each has `async`, `defer` or `type=module`.',
  notApplicableWhen: null,
  advice:
    'Add `defer` (or `async` for scripts that stand alone) to the external scripts in `<head>`, or move them to the end of `<body>`.',
  run: (page) => {
    // type=module is deferred by default, so it is not a classic script to flag.
    const blocking = elementsOf(page, 'script').filter((script) => {
      const { attribs } = script;
      return (
        page.headElements.has(script) &&
        attribs.src?.trim() &&
        isClassicScript(script) &&
        attribs.async === undefined &&
        attribs.defer === undefined
      );
    });
    return blocking.length === 0
      ? {
          passed: true,
          message: 'No script in <head> blocks rendering.',
        }
      : {
          passed: false,
          message: `${plural(blocking.length, 'script')} in <head> block rendering (no async, defer or type=module).`,
          value: firstItems(blocking).map(startTag),
        };
  },
};

export const domSize: Check = {
  id: 'dom_size',
  category: 'performance',
  importance: 'medium',
  title: 'DOM size',
  passesWhen: `The page has at most ${THRESHOLDS.domElementsMax.toLocaleString('en')} elements.`,
  notApplicableWhen: null,
  advice:
    'Simplify the markup: remove wrappers that style nothing, page long lists, and drop hidden copies of content meant for other screen sizes.',
  run: (page) => {
    return withinLimit(
      page.elementCount <= THRESHOLDS.domElementsMax,
      `The page has ${plural(page.elementCount, 'element')}`,
      `it should have at most ${THRESHOLDS.domElementsMax}`,
      page.elementCount,
    );
  },
};

/** What each mode means for the page, as a reader of the message needs it. */
const MODE_EFFECTS: Record<Exclude<RenderingMode, 'no-quirks'>, string> = {
  quirks:
    'quirks mode, where they imitate the layout bugs of browsers from the 1990s',
  'limited-quirks':
    'limited-quirks mode, where images in table cells are laid out as old browsers did',
};

export const doctype: Check = {
  id: 'doctype',
  category: 'performance',
  importance: 'low',
  title: 'Standards-mode doctype',
  passesWhen:
    'The doctype puts browsers in standards (no-quirks) mode, as `<!DOCTYPE html>` and XHTML 1.1 do; none, or one that gives quirks or limited-quirks mode (HTML 4.01 Transitional, XHTML 1.0 Transitional), fails.',
  notApplicableWhen: null,
  advice:
    'Start the document with `<!DOCTYPE html>` so browsers render it in standards mode.',
  run: (page) => {
    const found = page.doctype;
    const written = found === null ? null : clip(found.text, 160);
    const mode = renderingModeOf(found);
    if (mode === 'no-quirks') {
      return {
        passed: true,
        message: `The doctype ${written} puts browsers in standards mode.`,
        value: written,
      };
    }
    return {
      passed: false,
      message:
        found === null
          ? `The document has no doctype, so browsers render it in ${MODE_EFFECTS.quirks}.`
          : `The doctype ${written} puts browsers in ${MODE_EFFECTS[mode]}.`,
      value: written ?? clip(page.html.trimStart().slice(0, 60)),
    };
  },
};

const CACHE_HEADERS = ['etag', 'last-modified', 'cache-control'];

export const caching: Check = {
  id: 'caching',
  category: 'performance',
  importance: 'low',
  title: 'Caching headers',
  passesWhen:
    'The HTML carries an `ETag`, `Last-Modified` or `Cache-Control` header.',
  notApplicableWhen: null,
  advice:
    'Send `Cache-Control` with the HTML, and an `ETag` or `Last-Modified` so returning readers revalidate rather than download it again.',
  run: (_page, { headers }) => {
    const present = CACHE_HEADERS.filter((name) => headers[name] !== undefined);
    return present.length > 0
      ? {
          passed: true,
          message: `The HTML carries ${present.join(', ')}.`,
          value: Object.fromEntries(
            present.map((name) => [name, clip(headers[name])]),
          ),
        }
      : {
          passed: false,
          message:
            'The HTML has no ETag, Last-Modified or Cache-Control header.',
        };
  },
};

export const redirects: Check = {
  id: 'redirects',
  category: 'performance',
  importance: 'low',
  title: 'Redirects',
  passesWhen: `Reaching the page takes at most ${plural(THRESHOLDS.redirectsMax, 'redirect')}.`,
  notApplicableWhen: null,
  advice:
    'Link to the final URL, and make old addresses redirect to it in one hop rather than a chain.',
  run: (_page, snapshot) => {
    const hops = snapshot.redirects.length;
    return withinLimit(
      hops <= THRESHOLDS.redirectsMax,
      `The page was reached after ${plural(hops, 'redirect')}`,
      `there should be at most ${THRESHOLDS.redirectsMax}`,
      firstItems(snapshot.redirects).map((hop) => ({
        url: clip(hop.url),
        status_code: hop.status_code,
      })),
    );
  },
};

export const PERFORMANCE_CHECKS: readonly Check[] = [
  textCompression,
  responseTime,
  pageSize,
  httpRequests,
  imageFormat,
  deferJavascript,
  domSize,
  doctype,
  caching,
  redirects,
];

import { Parser } from 'htmlparser2';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';

/**
 * The elements a logo may draw with: shapes, text, paint servers, clipping, masks and
 * filters. Everything else is dropped with what it holds: script, foreignObject, a,
 * animation (set, animate: they can rewrite an href), iframe, and any element of
 * another namespace.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'image',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
]);

/** Geometry and presentation attributes; no event handler, no namespace but xlink:href. */
const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'href',
  'xlink:href',
  'xml:space',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'writing-mode',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerUnits',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'orient',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'stdDeviation',
  'radius',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'color-interpolation-filters',
]);

/** A reference a logo may keep: one of its own elements, or an embedded PNG. */
const SAFE_REFERENCE =
  /^(?:#[A-Za-z_][\w.:-]*|data:image\/png;base64,[A-Za-z0-9+/=\s]*)$/;

/** CSS functions that load something, other than url(), which is judged apart. */
const LOADING_FUNCTIONS =
  /(?:image-set|image|src|element|cross-fade|expression)\s*\(/i;

/**
 * Whether CSS (a style element, a style attribute, a paint value) loads nothing from
 * outside the document: no @import, every url() a #fragment, and no escape, which
 * could spell either in a way these checks do not read.
 */
export function cssLoadsNothing(css: string): boolean {
  if (/[\\]|@import|javascript:|-moz-binding|behavior\s*:/i.test(css)) {
    return false;
  }
  if (LOADING_FUNCTIONS.test(css)) return false;
  const calls = css.match(/url\s*\(/gi)?.length ?? 0;
  const fragments = [
    ...css.matchAll(/url\s*\(\s*(['"]?)\s*#[\w.:-]*\s*\1\s*\)/gi),
  ].length;
  return calls === fragments;
}

function keepsAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  if (name === 'href' || name === 'xlink:href')
    return SAFE_REFERENCE.test(value);
  if (/javascript:/i.test(value)) return false;
  if (name === 'style' || /url\s*\(/i.test(value))
    return cssLoadsNothing(value);
  return true;
}

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

interface Frame {
  name: string;
  /** Written out (kept), dropped with its subtree, or a style element held until it closes. */
  mode: 'kept' | 'dropped' | 'style';
  /** Whether its start tag is written out and still open (`<g` without `>`). */
  open: boolean;
  /** A style element's text, judged when it closes. */
  css: string;
}

/** What sanitising gave: the cleaned SVG, or why the text is not an SVG. */
export type SvgSanitised = { svg: string } | { refused: string };

/**
 * An SVG rebuilt from an allow-list (OWASP's advice for SVG uploads): htmlparser2
 * reads it as XML, and only allowed elements and attributes are written back,
 * escaped. No DOCTYPE, entity, comment or processing instruction survives, so nothing
 * can be expanded or fetched; references keep to #fragments and embedded PNGs.
 * Refused (with the reason) when it is not well-formed or its root is not <svg>.
 */
export function sanitiseSvg(text: string): SvgSanitised {
  const out: string[] = [];
  const stack: Frame[] = [];
  /** What the reading met, set from the parser's callbacks. */
  const met: {
    roots: number;
    rootName: string | null;
    /** Why it is not well-formed, at the first fault. */
    malformed: string | null;
    usesXlink: boolean;
    /** Where the root's start tag is in `out`, to add the namespaces it needs. */
    rootTagIndex: number;
  } = {
    roots: 0,
    rootName: null,
    malformed: null,
    usesXlink: false,
    rootTagIndex: -1,
  };
  /** The element whose start tag was read last, until anything else is read. */
  let lastOpened: Frame | null = null;

  const closeStartTag = (frame: Frame | undefined) => {
    if (frame?.mode === 'kept' && frame.open) {
      out.push('>');
      frame.open = false;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const parent = stack.at(-1);
        if (!parent) {
          met.roots += 1;
          met.rootName ??= name;
        }
        if (parent?.mode === 'style') parent.mode = 'dropped';
        const kept =
          ELEMENTS.has(name) &&
          (parent ? parent.mode === 'kept' : met.roots === 1 && name === 'svg');
        if (!kept) {
          lastOpened = { name, mode: 'dropped', open: false, css: '' };
          stack.push(lastOpened);
          return;
        }
        closeStartTag(parent);
        if (name === 'style') {
          lastOpened = { name, mode: 'style', open: false, css: '' };
          stack.push(lastOpened);
          return;
        }
        const written = Object.entries(attributes).filter(
          ([attribute, value]) => keepsAttribute(attribute, value),
        );
        if (written.some(([attribute]) => attribute.startsWith('xlink:')))
          met.usesXlink = true;
        out.push(
          `<${name}${written
            .map(
              ([attribute, value]) =>
                ` ${attribute}="${escapeAttribute(value)}"`,
            )
            .join('')}`,
        );
        if (!parent) met.rootTagIndex = out.length - 1;
        lastOpened = { name, mode: 'kept', open: true, css: '' };
        stack.push(lastOpened);
      },
      onclosetag(name, isImplied) {
        const frame = stack.pop();
        // htmlparser2 calls a self-closing tag's close implied too: `<rect/>` is not left open.
        const selfClosing =
          frame === lastOpened &&
          text.slice(parser.endIndex - 1, parser.endIndex + 1) === '/>';
        lastOpened = null;
        if (isImplied && !selfClosing)
          met.malformed ??= `<${name}> is left open`;
        if (!frame || frame.mode === 'dropped') return;
        if (frame.mode === 'style') {
          if (cssLoadsNothing(frame.css)) {
            out.push(`<style>${escapeText(frame.css)}</style>`);
          }
          return;
        }
        out.push(frame.open ? '/>' : `</${name}>`);
      },
      ontext(data) {
        lastOpened = null;
        const frame = stack.at(-1);
        if (frame?.mode === 'style') {
          frame.css += data;
        } else if (frame?.mode === 'kept') {
          closeStartTag(frame);
          out.push(escapeText(data));
        }
      },
    },
    { xmlMode: true },
  );
  parser.write(text);
  parser.end();
  if (met.rootName === null) return { refused: 'it has no root element' };
  if (met.rootName !== 'svg') {
    return { refused: `its root element is <${met.rootName}>, not <svg>` };
  }
  if (met.roots > 1) return { refused: 'it has more than one root element' };
  if (met.malformed)
    return { refused: `it is not well-formed XML: ${met.malformed}` };

  const namespaces = [`xmlns="${SVG_NAMESPACE}"`];
  if (met.usesXlink) namespaces.push(`xmlns:xlink="${XLINK_NAMESPACE}"`);
  out[met.rootTagIndex] += ` ${namespaces.join(' ')}`;
  return { svg: out.join('') };
}

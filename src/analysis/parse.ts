import { Parser } from 'htmlparser2';
import { DomHandler, isTag, isText } from 'domhandler';
import type { AnyNode, Document, Element } from 'domhandler';
import { doctypeOf } from './doctype.js';
import type { Doctype } from './doctype.js';

/**
 * The page parsed once, with the indexes every check reads. Built in a single walk of
 * the tree so that no check scans the whole document or the raw HTML again.
 */
export interface ParsedPage {
  document: Document;
  html: string;
  /** Every element by lower-case tag name, in document order. */
  byTag: ReadonlyMap<string, readonly Element[]>;
  /** h1–h6 in document order. */
  headings: readonly Element[];
  /** `<title>` elements of the document (not those inside inline SVG). */
  titles: readonly Element[];
  /** Elements a browser puts in `<head>`, whether or not the markup writes `<head>`. */
  headElements: ReadonlySet<Element>;
  /** Elements carrying a `style` attribute, in document order. */
  styledElements: readonly Element[];
  /** Elements carrying an `itemscope` attribute (microdata). */
  itemscopes: readonly Element[];
  /** `<a>` elements inside code (`<code>`, `<kbd>`, `<samp>`, `<pre>`): their text is code, not prose. */
  linksInCode: ReadonlySet<Element>;
  elementCount: number;
  /**
   * Text a reader sees: no title, script, style, noscript, template or hidden content. Text
   * nodes run together as rendered; only block boundaries and <br> separate words.
   */
  visibleText: string;
  /** The visible text without what is inside code (`<code>`, `<kbd>`, `<samp>`, `<pre>`); built when first read. */
  readonly proseText: string;
  wordCount: number;
  /** The doctype that opens the document (comments may come first), null when none. */
  doctype: Doctype | null;
  /** The URL relative references resolve against: `<base href>` or the final URL; null when neither is valid. */
  baseUrl: URL | null;
}

/** Subtrees whose text is never shown to a reader. */
export const INVISIBLE_TAGS = new Set([
  'title',
  'script',
  'style',
  'noscript',
  'template',
]);
/**
 * What the HTML parser keeps in <head> until body content comes, `<head>` written or not
 * (htmlparser2 builds no implied head, so the walk applies the rule itself).
 */
const HEAD_CONTENT_TAGS = new Set([
  'base',
  'link',
  'meta',
  'noscript',
  'script',
  'style',
  'template',
  'title',
]);
/** Elements rendered as their own block (HTML's rendering rules), and <br>: words end at them. */
export const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'br',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'li',
  'listing',
  'main',
  'menu',
  'nav',
  'ol',
  'optgroup',
  'option',
  'p',
  'plaintext',
  'pre',
  'search',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'xmp',
]);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements whose text is code or program input and output rather than prose. */
export const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'pre']);
const DISPLAY_NONE = /display\s*:\s*none/i;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Text beyond HTML's whitespace ends the head; a BOM the decoder left is not text either. */
const NOT_HTML_WHITESPACE = /[^\t\n\f\r \uFEFF]/;
/** On the walk's stack: the end of a block element, where a word ends. */
const BLOCK_END = null;

const HIDDEN = 1;
const IN_HEAD = 2;
const IN_SVG = 4;
const IN_CODE = 8;

/**
 * How deep elements nest at most. Chromium's HTML parser stops nesting at 512 too; past
 * it, htmlparser2 would move its whole open-element stack for every unclosed tag.
 */
export const MAX_OPEN_ELEMENTS = 512;

/** htmlparser2's open elements (innermost first) and their pop, private in its typings. */
interface OpenElements {
  stack: string[];
  popElement(implied: boolean): void;
}

/**
 * htmlparser2 with a bound on nesting: at the limit, a new element first closes the
 * innermost open one and takes its place beside it. Without it, 200,000 unclosed
 * `<div>` (1 MB) took over a minute to parse; with it the parse is linear in the page.
 */
class DepthCappedParser extends Parser {
  override onopentagname(start: number, endIndex: number): void {
    const open = this as unknown as OpenElements;
    while (open.stack.length >= MAX_OPEN_ELEMENTS) open.popElement(true);
    super.onopentagname(start, endIndex);
  }
}

function parseDom(html: string): Document {
  // Start offsets let structured data name the line of what it reports.
  const handler = new DomHandler(undefined, { withStartIndices: true });
  new DepthCappedParser(handler).end(html);
  return handler.root;
}

export function isHidden(element: Element): boolean {
  const { attribs } = element;
  if ('hidden' in attribs) return true;
  const style = attribs.style;
  return style !== undefined && DISPLAY_NONE.test(style);
}

/** Parses the HTML and indexes it in one pass; `finalUrl` anchors relative URLs. */
export function parsePage(html: string, finalUrl: string): ParsedPage {
  const document = parseDom(html);
  const byTag = new Map<string, Element[]>();
  const headings: Element[] = [];
  const titles: Element[] = [];
  const headElements = new Set<Element>();
  const styledElements: Element[] = [];
  const itemscopes: Element[] = [];
  const linksInCode = new Set<Element>();
  const texts: string[] = [];
  // Where texts holds code: the prose text leaves them out, if a check asks for it.
  const codeParts: number[] = [];
  let elementCount = 0;

  // An explicit stack (nodes and their inherited flags side by side) rather than
  // recursion: unclosed tags can nest thousands deep.
  const nodes: (AnyNode | typeof BLOCK_END)[] = [];
  const flags: number[] = [];
  for (let i = document.children.length - 1; i >= 0; i--) {
    nodes.push(document.children[i]);
    flags.push(0);
  }
  // Document order: once body content has come, nothing more goes to the head.
  let inBody = false;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    let state = flags.pop()!;
    if (node === BLOCK_END) {
      texts.push(' ');
      continue;
    }
    if (isText(node)) {
      if (!inBody && !(state & IN_HEAD)) {
        inBody = NOT_HTML_WHITESPACE.test(node.data);
      }
      if (state & HIDDEN) continue;
      if (state & IN_CODE) codeParts.push(texts.length);
      texts.push(node.data);
      continue;
    }
    if (!isTag(node)) continue;

    const name = node.name;
    if (!inBody && !(state & IN_HEAD)) {
      if (HEAD_CONTENT_TAGS.has(name)) state |= IN_HEAD;
      else if (name !== 'html' && name !== 'head') inBody = true;
    }
    elementCount++;
    const list = byTag.get(name);
    if (list) list.push(node);
    else byTag.set(name, [node]);
    if (state & IN_HEAD) headElements.add(node);
    if (HEADING_TAGS.has(name)) headings.push(node);
    else if (name === 'title' && !(state & IN_SVG)) titles.push(node);
    else if (name === 'svg') state |= IN_SVG;
    if (node.attribs.style !== undefined) styledElements.push(node);
    if ('itemscope' in node.attribs) itemscopes.push(node);
    if (CODE_TAGS.has(name)) state |= IN_CODE;
    else if (name === 'a' && state & IN_CODE) linksInCode.add(node);

    // Its content is an inert fragment, outside the document a browser renders.
    if (name === 'template') continue;
    if (INVISIBLE_TAGS.has(name) || isHidden(node)) state |= HIDDEN;
    if (!(state & HIDDEN) && BLOCK_TAGS.has(name)) {
      texts.push(' ');
      nodes.push(BLOCK_END);
      flags.push(state);
    }
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      nodes.push(children[i]);
      flags.push(state);
    }
  }

  const visibleText = collapseWhitespace(texts.join(''));
  let proseText: string | undefined;
  const wordCount = countWords(visibleText);

  return {
    document,
    html,
    byTag,
    headings,
    titles,
    headElements,
    styledElements,
    itemscopes,
    linksInCode,
    elementCount,
    visibleText,
    get proseText() {
      proseText ??= proseOf(texts, codeParts);
      return proseText;
    },
    wordCount,
    doctype: doctypeOf(html),
    baseUrl: baseUrlOf(byTag.get('base'), finalUrl),
  };
}

/** The visible text's parts joined without those inside code. */
function proseOf(
  texts: readonly string[],
  codeParts: readonly number[],
): string {
  if (codeParts.length === 0) return collapseWhitespace(texts.join(''));
  const prose = texts.slice();
  for (const index of codeParts) prose[index] = '';
  return collapseWhitespace(prose.join(''));
}

/** Every whitespace run as one space, trimmed. */
function collapseWhitespace(text: string): string {
  // Same result as /\s+/g → ' ', but single spaces, the common case, are left alone:
  // several times faster on long texts.
  return text.replace(/\s\s+|[^\S ]/g, ' ').trim();
}

/**
 * Space-separated tokens holding at least one letter or digit ("—" is not a word).
 * A character loop: splitting a 300 KB text into strings costs several times more.
 */
function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      inWord = false;
      continue;
    }
    if (!inWord) {
      inWord = true;
      counted = false;
    }
    if (counted) continue;
    const isWordChar =
      (code >= 48 && code <= 57) ||
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      (code >= 128 &&
        LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(i)!)));
    if (isWordChar) {
      count++;
      counted = true;
    }
  }
  return count;
}

function baseUrlOf(
  bases: readonly Element[] | undefined,
  finalUrl: string,
): URL | null {
  const page = URL.parse(finalUrl);
  const href = bases?.find((b) => b.attribs.href !== undefined)?.attribs.href;
  if (href === undefined) return page;
  return URL.parse(href.trim(), page?.href) ?? page;
}

/** The elements with this tag name (lower case), empty when there are none. */
export function elementsOf(page: ParsedPage, tag: string): readonly Element[] {
  return page.byTag.get(tag) ?? [];
}

/**
 * The elements with this tag name whose attribute is `value` (lower case), however
 * the page cases and pads it: `<meta name=" Viewport ">` is a viewport.
 */
export function elementsWhere(
  page: ParsedPage,
  tag: string,
  attribute: string,
  value: string,
): Element[] {
  return elementsOf(page, tag).filter(
    (element) => element.attribs[attribute]?.trim().toLowerCase() === value,
  );
}

/**
 * How many nodes a walk inside one element reads at most. The text of a title, heading
 * or link is short; unclosed tags can nest every link in the ones before it, and each
 * must not cost the rest of the page.
 */
const NODES_WITHIN_MAX = 2_000;

/**
 * Visits the nodes inside `element` (itself first) in document order, at most
 * NODES_WITHIN_MAX of them; `visit` returns false to skip a node's children.
 */
export function walkWithin(
  element: Element,
  visit: (node: AnyNode) => boolean | void,
): void {
  if (visit(element) === false) return;
  // A cursor per open parent rather than a stack of children: a node may have thousands.
  const parents: Element[] = [element];
  const cursors: number[] = [0];
  for (let read = 1; parents.length > 0 && read < NODES_WITHIN_MAX;) {
    const top = parents.length - 1;
    const siblings = parents[top].children;
    const index = cursors[top];
    if (index >= siblings.length) {
      parents.pop();
      cursors.pop();
      continue;
    }
    cursors[top] = index + 1;
    const node = siblings[index];
    read++;
    if (visit(node) !== false && isTag(node) && node.children.length > 0) {
      parents.push(node);
      cursors.push(0);
    }
  }
}

/** An element's text (nested script and style left out), whitespace collapsed. */
export function textOf(element: Element): string {
  const parts: string[] = [];
  walkWithin(element, (node) => {
    if (isText(node)) parts.push(node.data);
    return (
      node === element ||
      !isTag(node) ||
      (node.name !== 'script' && node.name !== 'style')
    );
  });
  return collapseWhitespace(parts.join(''));
}

/** The whitespace-separated tokens of an attribute, lower case (rel, for instance). */
export function tokensOf(element: Element, attribute: string): string[] {
  const value = element.attribs[attribute];
  if (value === undefined) return [];
  return value.toLowerCase().split(/\s+/).filter(Boolean);
}

/** A reference resolved against the page's base URL, or null when it is not a valid URL. */
export function resolveUrl(page: ParsedPage, reference: string): URL | null {
  return URL.parse(reference.trim(), page.baseUrl?.href);
}

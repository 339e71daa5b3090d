import { isTag, isText } from 'domhandler';
import type { Element, ParentNode } from 'domhandler';
import type { ParsedPage } from '../parse.js';
import { elementsWhere, resolveUrl, textOf, walkWithin } from '../parse.js';
import { THRESHOLDS } from '../thresholds.js';
import { jsonErrorOffset } from './json-error.js';

/**
 * Structured data read from the parsed page: JSON-LD blocks, microdata (`itemscope`) and
 * RDFa Lite (`vocab`/`typeof`/`property`), each item in one shape whatever its syntax.
 */

export type StructuredSyntax = 'json-ld' | 'microdata' | 'rdfa';

/** A property's value: text (a URL, a date, a number as written) or a nested item. */
export type StructuredValue = string | StructuredNode;

export interface StructuredNode {
  /** schema.org types by local name (`Product`); other vocabularies' types as written (an IRI). */
  types: string[];
  /** Whether its terms are schema.org's: only those are judged against the vocabulary. */
  schemaOrg: boolean;
  /** Property names as the types' (schema.org local names when schemaOrg), each with its values. */
  properties: Map<string, StructuredValue[]>;
}

/** A top-level item of the page, where it starts. */
export interface StructuredItem {
  syntax: StructuredSyntax;
  /** 1-based line in the HTML document where the item (or its JSON-LD block) starts. */
  line: number;
  node: StructuredNode;
}

/** A JSON-LD block that does not parse. */
export interface JsonLdSyntaxError {
  /** 1-based line in the HTML document where the JSON goes wrong. */
  line: number;
  /** The JSON parser's message. */
  message: string;
}

export interface StructuredData {
  /** The first items in document order, each syntax after the other, at most THRESHOLDS.structuredDataMaxItems. */
  items: StructuredItem[];
  /** Every top-level item found, read or not. */
  itemsFound: number;
  jsonLdBlocks: number;
  syntaxErrors: JsonLdSyntaxError[];
}

const SCHEMA_ORG_IRI = /^https?:\/\/schema\.org\/?/i;

/** A term's schema.org local name, or null when it belongs to another vocabulary. */
function schemaOrgName(term: string, bareIsSchemaOrg: boolean): string | null {
  const trimmed = term.trim();
  if (SCHEMA_ORG_IRI.test(trimmed)) return trimmed.replace(SCHEMA_ORG_IRI, '');
  if (trimmed.startsWith('schema:')) return trimmed.slice('schema:'.length);
  if (!bareIsSchemaOrg || /[:/#]/.test(trimmed)) return null;
  return trimmed;
}

/** A term as the item keeps it: its schema.org name, else as written. */
function termOf(term: string, bareIsSchemaOrg: boolean): string {
  return schemaOrgName(term, bareIsSchemaOrg) ?? term.trim();
}

/**
 * Whether a node's terms are schema.org's: its context or vocab says so, or each of its
 * types is written as a schema.org IRI or `schema:` name.
 */
function isSchemaOrgNode(
  bareIsSchemaOrg: boolean,
  writtenTypes: readonly string[],
): boolean {
  return (
    bareIsSchemaOrg ||
    (writtenTypes.length > 0 &&
      writtenTypes.every((type) => schemaOrgName(type, false) !== null))
  );
}

/** Line numbers of offsets in the HTML, from an index of line starts built once. */
class LineIndex {
  private readonly starts: number[] = [0];
  constructor(html: string) {
    for (let i = html.indexOf('\n'); i !== -1; i = html.indexOf('\n', i + 1)) {
      this.starts.push(i + 1);
    }
  }
  lineOf(offset: number | null): number {
    if (offset === null) return 1;
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

const cache = new WeakMap<ParsedPage, StructuredData>();

/** The page's structured data, read once per parsed page (every check asks for it). */
export function structuredDataOf(page: ParsedPage): StructuredData {
  let data = cache.get(page);
  if (!data) {
    const lines = new LineIndex(page.html);
    const max = THRESHOLDS.structuredDataMaxItems;
    const jsonLd = readJsonLd(page, lines, max);
    const microdata = microdataScopes(page);
    const rdfa = rdfaScopes(page);
    const items = jsonLd.items;
    for (const scope of microdata.slice(0, max - items.length)) {
      items.push({
        syntax: 'microdata',
        line: lines.lineOf(scope.startIndex),
        node: microdataNode(page, scope, 0),
      });
    }
    for (const scope of rdfa.slice(0, max - items.length)) {
      items.push({
        syntax: 'rdfa',
        line: lines.lineOf(scope.startIndex),
        node: rdfaNode(page, scope, 0),
      });
    }
    data = {
      items,
      itemsFound: jsonLd.found + microdata.length + rdfa.length,
      jsonLdBlocks: jsonLd.blocks,
      syntaxErrors: jsonLd.syntaxErrors,
    };
    cache.set(page, data);
  }
  return data;
}

// JSON-LD ---------------------------------------------------------------------------

/** Whether a JSON-LD `@context` makes bare terms schema.org's. */
function contextIsSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return SCHEMA_ORG_IRI.test(context.trim());
  if (Array.isArray(context)) return context.some(contextIsSchemaOrg);
  if (context !== null && typeof context === 'object') {
    const vocab = (context as Record<string, unknown>)['@vocab'];
    return typeof vocab === 'string' && SCHEMA_ORG_IRI.test(vocab.trim());
  }
  return false;
}

/** The JSON-LD blocks: their first `max` items, how many they state, and those that do not parse. */
function readJsonLd(
  page: ParsedPage,
  lines: LineIndex,
  max: number,
): {
  items: StructuredItem[];
  found: number;
  blocks: number;
  syntaxErrors: JsonLdSyntaxError[];
} {
  const items: StructuredItem[] = [];
  let found = 0;
  const syntaxErrors: JsonLdSyntaxError[] = [];
  const blocks = elementsWhere(page, 'script', 'type', 'application/ld+json');
  for (const block of blocks) {
    const textNode = block.children.find(isText);
    const text = textNode?.data ?? '';
    const textStart = textNode?.startIndex ?? block.startIndex;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      const offset = jsonErrorOffset(text);
      syntaxErrors.push({
        line: lines.lineOf((textStart ?? 0) + (offset ?? 0)),
        message: jsonErrorMessage(error),
      });
      continue;
    }
    const line = lines.lineOf(block.startIndex);
    const tops = topLevelObjects(data, false);
    found += tops.length;
    for (const { object, schemaOrg } of tops.slice(0, max - items.length)) {
      items.push({
        syntax: 'json-ld',
        line,
        node: jsonLdNode(object, schemaOrg, 0),
      });
    }
  }
  return { items, found, blocks: blocks.length, syntaxErrors };
}

/** The parser's message without the copy of the text that some Node versions append. */
function jsonErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/,\s*".*" is not valid JSON$/s, '').slice(0, 160);
}

/** The items a JSON-LD document states at its top: itself, each of an array, each of an `@graph`. */
function topLevelObjects(
  data: unknown,
  inheritedSchemaOrg: boolean,
): { object: Record<string, unknown>; schemaOrg: boolean }[] {
  if (Array.isArray(data)) {
    return data.flatMap((entry) => topLevelObjects(entry, inheritedSchemaOrg));
  }
  if (data === null || typeof data !== 'object') return [];
  const object = data as Record<string, unknown>;
  const schemaOrg =
    '@context' in object
      ? contextIsSchemaOrg(object['@context'])
      : inheritedSchemaOrg;
  if ('@graph' in object) return topLevelObjects(object['@graph'], schemaOrg);
  return [{ object, schemaOrg }];
}

/** How deep nested JSON-LD objects are read: a hostile page must not cost more. */
const MAX_DEPTH = 16;

function jsonLdNode(
  object: Record<string, unknown>,
  inheritedSchemaOrg: boolean,
  depth: number,
): StructuredNode {
  const rawTypes = object['@type'];
  const writtenTypes = (Array.isArray(rawTypes) ? rawTypes : [rawTypes]).filter(
    (type): type is string => typeof type === 'string',
  );
  const schemaOrg = isSchemaOrgNode(
    '@context' in object
      ? contextIsSchemaOrg(object['@context'])
      : inheritedSchemaOrg,
    writtenTypes,
  );
  const types = writtenTypes.map((type) => termOf(type, schemaOrg));
  const properties = new Map<string, StructuredValue[]>();
  for (const [key, value] of Object.entries(object)) {
    if (key.startsWith('@')) continue;
    const values = jsonLdValues(value, schemaOrg, depth + 1);
    if (values.length > 0) properties.set(termOf(key, schemaOrg), values);
  }
  return { types, schemaOrg, properties };
}

function jsonLdValues(
  value: unknown,
  schemaOrg: boolean,
  depth: number,
): StructuredValue[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    return value.flatMap((entry) => jsonLdValues(entry, schemaOrg, depth));
  }
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') {
    return [String(value)];
  }
  if (typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  if ('@value' in object)
    return jsonLdValues(object['@value'], schemaOrg, depth);
  if (depth > MAX_DEPTH) return [];
  const keys = Object.keys(object);
  if (keys.length === 1 && typeof object['@id'] === 'string') {
    return [object['@id']];
  }
  return [jsonLdNode(object, schemaOrg, depth)];
}

// Microdata -------------------------------------------------------------------------

/** A property element's value, by the rules of the HTML standard's microdata section. */
function microdataValue(page: ParsedPage, element: Element): string {
  const { attribs } = element;
  const url = (attribute: string) => {
    const reference = attribs[attribute] ?? '';
    return resolveUrl(page, reference)?.href ?? reference;
  };
  if ('content' in attribs) return attribs.content;
  switch (element.name) {
    case 'a':
    case 'area':
    case 'link':
      return url('href');
    case 'audio':
    case 'embed':
    case 'iframe':
    case 'img':
    case 'source':
    case 'track':
    case 'video':
      return url('src');
    case 'object':
      return url('data');
    case 'data':
    case 'meter':
      return attribs.value ?? '';
    case 'time':
      return attribs.datetime ?? textOf(element);
    default:
      return textOf(element);
  }
}

/** The elements of top-level microdata items: an `itemscope` that is no other item's property. */
function microdataScopes(page: ParsedPage): Element[] {
  return page.itemscopes.filter((element) => !('itemprop' in element.attribs));
}

function microdataNode(
  page: ParsedPage,
  scope: Element,
  depth: number,
): StructuredNode {
  const itemtypes = (scope.attribs.itemtype ?? '').split(/\s+/).filter(Boolean);
  const schemaOrg = isSchemaOrgNode(false, itemtypes);
  const types = itemtypes.map((type) => termOf(type, false));
  const properties = new Map<string, StructuredValue[]>();
  walkWithin(scope, (node) => {
    if (node === scope || !isTag(node)) return true;
    const names = (node.attribs.itemprop ?? '').split(/\s+/).filter(Boolean);
    const nested = 'itemscope' in node.attribs;
    if (names.length > 0) {
      const value =
        nested && depth < MAX_DEPTH
          ? microdataNode(page, node, depth + 1)
          : microdataValue(page, node);
      for (const name of names) {
        const key = termOf(name, schemaOrg);
        properties.set(key, [...(properties.get(key) ?? []), value]);
      }
    }
    // A nested item's properties are its own, not this item's.
    return !nested;
  });
  return { types, schemaOrg, properties };
}

// RDFa Lite -------------------------------------------------------------------------

/** The `vocab` in force at an element: its own or its nearest ancestor's. */
function vocabAt(element: Element): string | null {
  for (let at: Element | null = element; at;) {
    if (at.attribs.vocab !== undefined) return at.attribs.vocab.trim();
    const parent: ParentNode | null = at.parent;
    at = parent && isTag(parent) ? parent : null;
  }
  return null;
}

function rdfaValue(page: ParsedPage, element: Element): string {
  const { attribs } = element;
  if ('content' in attribs) return attribs.content;
  for (const attribute of ['href', 'src', 'resource']) {
    const reference = attribs[attribute];
    if (reference !== undefined) {
      return resolveUrl(page, reference)?.href ?? reference;
    }
  }
  if (element.name === 'time' && attribs.datetime) return attribs.datetime;
  return textOf(element);
}

/** The elements of top-level RDFa items, in document order: a `typeof` that is no other item's property. */
function rdfaScopes(page: ParsedPage): Element[] {
  const scopes: Element[] = [];
  for (const elements of page.byTag.values()) {
    for (const element of elements) {
      const { attribs } = element;
      if (attribs.typeof !== undefined && attribs.property === undefined) {
        scopes.push(element);
      }
    }
  }
  // byTag groups by tag name: back in document order.
  return scopes.sort((a, b) => (a.startIndex ?? 0) - (b.startIndex ?? 0));
}

function rdfaNode(
  page: ParsedPage,
  scope: Element,
  depth: number,
): StructuredNode {
  const vocab = vocabAt(scope);
  const writtenTypes = (scope.attribs.typeof ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const schemaOrg = isSchemaOrgNode(
    vocab !== null && SCHEMA_ORG_IRI.test(vocab),
    writtenTypes,
  );
  const types = writtenTypes.map((type) => termOf(type, schemaOrg));
  const properties = new Map<string, StructuredValue[]>();
  walkWithin(scope, (node) => {
    if (node === scope || !isTag(node)) return true;
    const names = (node.attribs.property ?? '').split(/\s+/).filter(Boolean);
    const nested = node.attribs.typeof !== undefined;
    if (names.length > 0) {
      const value =
        nested && depth < MAX_DEPTH
          ? rdfaNode(page, node, depth + 1)
          : rdfaValue(page, node);
      for (const name of names) {
        const key = termOf(name, schemaOrg);
        properties.set(key, [...(properties.get(key) ?? []), value]);
      }
    }
    return !nested;
  });
  return { types, schemaOrg, properties };
}

import type { ParsedPage } from '../parse.js';
import { structuredDataOf } from './extract.js';
import type {
  JsonLdSyntaxError,
  StructuredItem,
  StructuredNode,
  StructuredSyntax,
} from './extract.js';
import { RICH_RESULT_TYPES } from './rich-results.js';
import type { PropertyRules, RichResultType } from './rich-results.js';
import {
  isPropertyOf,
  isSchemaOrgProperty,
  isSchemaOrgType,
  selfAndAncestors,
} from './vocabulary.js';

/** Whether an item can show as one of Google's rich results, and what it lacks. */
export interface RichResultVerdict {
  feature: string;
  docUrl: string;
  eligible: boolean;
  /** Required properties it lacks (`offers.price`; alternatives as `review or offers`). */
  missingRequired: string[];
  /** Recommended properties it lacks: warnings. */
  missingRecommended: string[];
}

export interface ItemVerdict {
  syntax: StructuredSyntax;
  line: number;
  types: string[];
  richResults: RichResultVerdict[];
}

/** A term the schema.org vocabulary does not know, or does not expect where it is used. */
export interface VocabularyProblem {
  syntax: StructuredSyntax;
  line: number;
  message: string;
}

export interface StructuredDataVerdict {
  jsonLdBlocks: number;
  /** The items judged: the first THRESHOLDS.structuredDataMaxItems of the page. */
  items: ItemVerdict[];
  /** Every top-level item found, judged or not. */
  itemsFound: number;
  syntaxErrors: JsonLdSyntaxError[];
  vocabularyProblems: VocabularyProblem[];
}

const cache = new WeakMap<ParsedPage, StructuredDataVerdict>();

/** The page's structured data judged: read, checked against schema.org and Google's rich results. */
export function judgeStructuredData(page: ParsedPage): StructuredDataVerdict {
  let verdict = cache.get(page);
  if (!verdict) {
    const data = structuredDataOf(page);
    verdict = {
      jsonLdBlocks: data.jsonLdBlocks,
      items: data.items.map(judgeItem),
      itemsFound: data.itemsFound,
      syntaxErrors: data.syntaxErrors,
      vocabularyProblems: data.items.flatMap(vocabularyProblemsOf),
    };
    cache.set(page, verdict);
  }
  return verdict;
}

function judgeItem(item: StructuredItem): ItemVerdict {
  return {
    syntax: item.syntax,
    line: item.line,
    types: item.node.types,
    richResults: item.node.schemaOrg
      ? richResultTypesOf(item.node.types).map((type) =>
          richResultVerdict(item.node, type),
        )
      : [],
  };
}

/**
 * The rich results an item's types are about, the most specific only: a Restaurant is
 * judged as a local business, not also as an organization.
 */
export function richResultTypesOf(types: readonly string[]): RichResultType[] {
  const matched = RICH_RESULT_TYPES.filter((rich) =>
    types.some((type) => selfAndAncestors(type).has(rich.type)),
  );
  return matched.filter(
    (rich) =>
      !matched.some(
        (other) =>
          other !== rich && selfAndAncestors(other.type).has(rich.type),
      ),
  );
}

function richResultVerdict(
  node: StructuredNode,
  type: RichResultType,
): RichResultVerdict {
  const missingRequired: string[] = [];
  const missingRecommended: string[] = [];
  collectMissing(node, type, '', missingRequired, missingRecommended);
  return {
    feature: type.feature,
    docUrl: type.docUrl,
    eligible: missingRequired.length === 0,
    missingRequired: [...new Set(missingRequired)],
    missingRecommended: [...new Set(missingRecommended)],
  };
}

function collectMissing(
  node: StructuredNode,
  rules: PropertyRules,
  prefix: string,
  missingRequired: string[],
  missingRecommended: string[],
): void {
  for (const entry of rules.required) {
    const alternatives = typeof entry === 'string' ? [entry] : entry;
    if (!alternatives.some((path) => has(node, path))) {
      missingRequired.push(
        alternatives.map((path) => `${prefix}${path}`).join(' or '),
      );
    }
  }
  for (const path of rules.recommended) {
    if (!has(node, path)) missingRecommended.push(`${prefix}${path}`);
  }
  for (const [property, nested] of Object.entries(rules.nested ?? {})) {
    for (const value of node.properties.get(property) ?? []) {
      if (typeof value === 'string') continue;
      collectMissing(
        value,
        nested,
        `${prefix}${property}.`,
        missingRequired,
        missingRecommended,
      );
    }
  }
}

/** Whether the node has a non-empty value at a dotted path (`priceSpecification.price`). */
function has(node: StructuredNode, path: string): boolean {
  const [property, ...rest] = path.split('.');
  const values = node.properties.get(property) ?? [];
  if (rest.length === 0) {
    return values.some(
      (value) => typeof value !== 'string' || value.trim() !== '',
    );
  }
  return values.some(
    (value) => typeof value !== 'string' && has(value, rest.join('.')),
  );
}

/** A schema.org term as opposed to another vocabulary's (an IRI, a prefixed name). */
function isSchemaOrgTerm(term: string): boolean {
  return !/[:/#]/.test(term);
}

function vocabularyProblemsOf(item: StructuredItem): VocabularyProblem[] {
  const problems: VocabularyProblem[] = [];
  const report = (message: string) =>
    problems.push({ syntax: item.syntax, line: item.line, message });
  const visit = (node: StructuredNode) => {
    if (node.schemaOrg) {
      const types = node.types.filter(isSchemaOrgTerm);
      for (const type of types) {
        if (!isSchemaOrgType(type)) {
          report(`"${type}" is not a schema.org type`);
        }
      }
      const knownTypes = types.filter(isSchemaOrgType);
      for (const property of node.properties.keys()) {
        if (!isSchemaOrgTerm(property)) continue;
        if (!isSchemaOrgProperty(property)) {
          report(`"${property}" is not a schema.org property`);
        } else if (
          knownTypes.length > 0 &&
          !knownTypes.some((type) => isPropertyOf(property, type))
        ) {
          report(
            `"${property}" is not a property of ${knownTypes.join(' or ')} in schema.org`,
          );
        }
      }
    }
    for (const values of node.properties.values()) {
      for (const value of values) if (typeof value !== 'string') visit(value);
    }
  };
  visit(item.node);
  return problems;
}

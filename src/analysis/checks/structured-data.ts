import { judgeStructuredData } from '../structured-data/judge.js';
import type {
  ItemVerdict,
  StructuredDataVerdict,
} from '../structured-data/judge.js';
import { clip, firstItems, notOnRedirectStubs, plural } from './check.js';
import type { Check } from './check.js';

/**
 * Checks of the page's structured data (JSON-LD, microdata, RDFa Lite): that it has
 * some, that it is valid schema.org, and that its rich-result types are eligible by
 * Google's documentation (src/analysis/structured-data/rich-results.ts links its page per type).
 */

const SYNTAX_NAMES = {
  'json-ld': 'JSON-LD',
  microdata: 'microdata',
  rdfa: 'RDFa',
} as const;

/** Where an item is, as evidence: its syntax and line. */
function placeOf(item: Pick<ItemVerdict, 'syntax' | 'line'>): string {
  return `${SYNTAX_NAMES[item.syntax]}, line ${item.line}`;
}

function typeNameOf(item: ItemVerdict): string {
  return clip(item.types.join(', ') || '(no type)', 80);
}

/** Whether the page states any structured data at all: then the other two checks apply. */
function hasStructuredData(verdict: StructuredDataVerdict): boolean {
  return verdict.jsonLdBlocks > 0 || verdict.items.length > 0;
}

export const structuredData: Check = notOnRedirectStubs({
  id: 'structured_data',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Structured data',
  passesWhen:
    'At least one item of structured data: a JSON-LD block that parses, microdata (`itemscope`) or RDFa (`typeof`).',
  notApplicableWhen: null,
  advice:
    'Describe the page with schema.org data in JSON-LD (an Article, a Product, an Organization) so search engines can show rich results.',
  run: (page) => {
    const verdict = judgeStructuredData(page);
    const { items } = verdict;
    if (items.length === 0) {
      return {
        passed: false,
        message:
          verdict.jsonLdBlocks > 0
            ? 'The page has JSON-LD, but none of it parses.'
            : 'The page has no JSON-LD, microdata or RDFa.',
      };
    }
    const eligible = items.filter((item) =>
      item.richResults.some((rich) => rich.eligible),
    ).length;
    const bySyntax = (['json-ld', 'microdata', 'rdfa'] as const)
      .map(
        (syntax) =>
          [syntax, items.filter((i) => i.syntax === syntax).length] as const,
      )
      .filter(([, count]) => count > 0)
      .map(([syntax, count]) => `${count} in ${SYNTAX_NAMES[syntax]}`);
    const judged =
      verdict.itemsFound > items.length
        ? `The page has ${plural(verdict.itemsFound, 'item')} of structured data, the first ${items.length} judged`
        : `The page has ${plural(items.length, 'item')} of structured data`;
    return {
      passed: true,
      message: `${judged} (${bySyntax.join(', ')}); ${plural(eligible, 'is', 'are')} eligible for a rich result.`,
      // The items found and, for each of a rich-result type, whether it is eligible.
      value: firstItems(items).map((item) => ({
        type: typeNameOf(item),
        syntax: item.syntax,
        line: item.line,
        rich_results: item.richResults.map((rich) => ({
          feature: rich.feature,
          eligible: rich.eligible,
        })),
      })),
    };
  },
});

export const structuredDataInvalid: Check = notOnRedirectStubs({
  id: 'structured_data_invalid',
  gate: 'warn',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Valid structured data',
  passesWhen:
    'Every JSON-LD block parses, and every schema.org type and property the structured data uses is in the schema.org vocabulary and expected on the type it is used on.',
  notApplicableWhen: 'The page has no structured data.',
  advice:
    'Fix the JSON of each block named (a search engine ignores a block that does not parse), and use the types and properties as schema.org spells and defines them.',
  run: (page) => {
    const verdict = judgeStructuredData(page);
    if (!hasStructuredData(verdict)) {
      return { passed: null, message: 'The page has no structured data.' };
    }
    const { syntaxErrors, vocabularyProblems } = verdict;
    const problems = [
      ...syntaxErrors.map(
        (error) => `JSON-LD, line ${error.line}: ${clip(error.message, 120)}`,
      ),
      ...vocabularyProblems.map(
        (problem) => `${placeOf(problem)}: ${clip(problem.message, 120)}`,
      ),
    ];
    if (problems.length === 0) {
      return {
        passed: true,
        message:
          'The structured data parses and uses schema.org terms as defined.',
      };
    }
    const parts = [
      syntaxErrors.length > 0 &&
        `${plural(syntaxErrors.length, 'JSON-LD block does', 'JSON-LD blocks do')} not parse`,
      vocabularyProblems.length > 0 &&
        `${plural(vocabularyProblems.length, 'schema.org term is', 'schema.org terms are')} unknown or misplaced`,
    ].filter(Boolean);
    return {
      passed: false,
      message: `${parts.join('; ')}.`.replace(/^./, (first) =>
        first.toUpperCase(),
      ),
      value: firstItems(problems),
    };
  },
});

export const richResultIneligible: Check = notOnRedirectStubs({
  id: 'rich_result_ineligible',
  gate: 'warn',
  category: 'miscellaneous',
  importance: 'low',
  title: 'Rich result eligibility',
  passesWhen:
    "Every item of a type Google shows as a rich result (Article, Product, Event, Recipe, FAQPage, BreadcrumbList and others) has the properties Google's documentation requires; missing recommended properties are listed as warnings.",
  notApplicableWhen: 'The page has no item of a rich-result type.',
  advice:
    "Add the required properties each item names (see Google's structured data documentation for its type), then the recommended ones: without them Google shows a plain result.",
  run: (page) => {
    const rich = judgeStructuredData(page).items.flatMap((item) =>
      item.richResults.map((verdict) => ({ item, verdict })),
    );
    if (rich.length === 0) {
      return {
        passed: null,
        message: 'The page has no item of a rich-result type.',
      };
    }
    const ineligible = rich.filter(({ verdict }) => !verdict.eligible);
    const warnings = rich.filter(
      ({ verdict }) => verdict.missingRecommended.length > 0,
    );
    // Ineligible items first: they are what to fix.
    const value = firstItems([
      ...ineligible,
      ...rich.filter(({ verdict }) => verdict.eligible),
    ]).map(({ item, verdict }) => ({
      type: typeNameOf(item),
      feature: verdict.feature,
      place: placeOf(item),
      eligible: verdict.eligible,
      missing_required: firstItems(verdict.missingRequired).map((name) =>
        clip(name, 80),
      ),
      missing_recommended: firstItems(verdict.missingRecommended).map((name) =>
        clip(name, 80),
      ),
      doc_url: verdict.docUrl,
    }));
    const warned =
      warnings.length > 0
        ? ` ${plural(warnings.length, 'item lacks', 'items lack')} recommended properties.`
        : '';
    if (ineligible.length === 0) {
      return {
        passed: true,
        message: `${plural(rich.length, 'item is', 'items are')} eligible for a rich result.${warned}`,
        value,
      };
    }
    const [first] = ineligible;
    return {
      passed: false,
      message: `${plural(ineligible.length, 'item is', 'items are')} not eligible for a rich result: the ${first.verdict.feature} item (${placeOf(first.item)}) lacks ${clip(first.verdict.missingRequired.join(', '), 120)}.${warned}`,
      value,
    };
  },
});

export const STRUCTURED_DATA_CHECKS: readonly Check[] = [
  structuredData,
  structuredDataInvalid,
  richResultIneligible,
];

import { CHECKS } from '../../src/analysis/checks/registry.js';
import type { Check } from '../../src/analysis/checks/registry.js';
import { siteCatalogue } from '../../src/analysis/site/site-catalogue.js';

/**
 * The generated parts of docs/checks.md, written from the check registries so that the
 * document and the code cannot drift: the page checks (src/analysis/checks/) and the
 * site checks (src/analysis/site/). `npm run docs:checks` rewrites them, and a test
 * fails when the document is not what this would write.
 */

export const CATALOGUE_START =
  '<!-- checks:start: written by `npm run docs:checks` from the check registry; edit the checks, not this part -->';
export const CATALOGUE_END = '<!-- checks:end -->';

export const SITE_CATALOGUE_START =
  '<!-- site-checks:start: written by `npm run docs:checks` from the site check registry; edit the site checks, not this part -->';
export const SITE_CATALOGUE_END = '<!-- site-checks:end -->';

const CATEGORY_NAMES: Record<Check['category'], string> = {
  seo: 'Search engines (seo)',
  performance: 'Performance',
  security: 'Security',
  miscellaneous: 'Miscellaneous',
  accessibility: 'Accessibility, in no score',
};

/** A table cell: a pipe would end it. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function table(checks: readonly Check[]): string[] {
  return [
    '| id | category | importance | passes when |',
    '|---|---|---|---|',
    ...checks.map(
      (check) =>
        `| [${check.id}](#${check.id}) | ${check.category} | ${check.importance} | ${cell(check.passesWhen)} |`,
    ),
  ];
}

function section(check: Check): string[] {
  return [
    `<a id="${check.id}"></a>`,
    '',
    `### ${check.title} (\`${check.id}\`)`,
    '',
    `${CATEGORY_NAMES[check.category]}, ${check.importance} importance.` +
      (check.host
        ? ' One fact about the host: a site audit reports it once (`scope: "host"`).'
        : ''),
    '',
    `- **Passes when:** ${check.passesWhen}`,
    check.notApplicableWhen === null
      ? '- **Does not apply:** never; it judges every page.'
      : `- **Does not apply when:** ${check.notApplicableWhen}`,
    `- **Advice when it fails:** ${check.advice}`,
  ];
}

/** The generated part, markers included. */
export function catalogue(checks: readonly Check[] = CHECKS): string {
  const lines = [
    CATALOGUE_START,
    '',
    `The ${checks.length} checks, in the order reports list them:`,
    '',
    ...table(checks),
  ];
  for (const check of checks) lines.push('', ...section(check));
  lines.push('', CATALOGUE_END);
  return lines.join('\n');
}

/** The site checks' generated part, markers included. */
export function siteChecksPart(): string {
  return [
    SITE_CATALOGUE_START,
    '',
    siteCatalogue(),
    '',
    SITE_CATALOGUE_END,
  ].join('\n');
}

/** `document` with what lies between `startMarker` and `endMarker` (markers included) replaced by `part`. */
function replaced(
  document: string,
  startMarker: string,
  endMarker: string,
  part: string,
  what: string,
): string {
  const start = document.indexOf(startMarker);
  const end = document.indexOf(endMarker);
  if (start === -1 || end < start) {
    throw new Error(
      `docs/checks.md has lost its markers: put "${startMarker}" and "${endMarker}" where ${what} go.`,
    );
  }
  return (
    document.slice(0, start) + part + document.slice(end + endMarker.length)
  );
}

/** The document with its generated parts rewritten; the rest is left as written. */
export function withCatalogue(document: string): string {
  const pages = replaced(
    document,
    CATALOGUE_START,
    CATALOGUE_END,
    catalogue(),
    'the checks',
  );
  return replaced(
    pages,
    SITE_CATALOGUE_START,
    SITE_CATALOGUE_END,
    siteChecksPart(),
    'the site checks',
  );
}

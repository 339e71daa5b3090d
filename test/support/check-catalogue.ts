import { CHECKS } from '../../src/analysis/checks/registry.js';
import type { Check } from '../../src/analysis/checks/registry.js';

/**
 * The per-check part of docs/checks.md, written from the check registry so that the
 * document and the code cannot drift: `npm run docs:checks` rewrites it, and a test
 * fails when the document is not what this would write.
 */

export const CATALOGUE_START =
  '<!-- checks:start: written by `npm run docs:checks` from the check registry; edit the checks, not this part -->';
export const CATALOGUE_END = '<!-- checks:end -->';

const CATEGORY_NAMES: Record<Check['category'], string> = {
  seo: 'Search engines (seo)',
  performance: 'Performance',
  security: 'Security',
  miscellaneous: 'Miscellaneous',
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
    `${CATEGORY_NAMES[check.category]}, ${check.importance} importance.`,
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

/** The document with its generated part rewritten; the rest is left as written. */
export function withCatalogue(document: string): string {
  const start = document.indexOf(CATALOGUE_START);
  const end = document.indexOf(CATALOGUE_END);
  if (start === -1 || end < start) {
    throw new Error(
      `docs/checks.md has lost its markers: put "${CATALOGUE_START}" and "${CATALOGUE_END}" where the checks go.`,
    );
  }
  return (
    document.slice(0, start) +
    catalogue() +
    document.slice(end + CATALOGUE_END.length)
  );
}

import { SITE_CHECKS } from './registry.js';
import type { SiteCheck } from './site-crawl.js';

/**
 * The site checks' section of the check catalogue (docs/checks.md), written from the
 * registry so that the document says what the code does: a table, then a section per
 * check whose anchor is its id (`/docs/checks#<id>`), as the page checks have.
 */

/** A table cell: a pipe would end it. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function table(checks: readonly SiteCheck[]): string[] {
  return [
    '| id | importance | affected page | definition |',
    '|---|---|---|---|',
    ...checks.map(
      (check) =>
        `| [${check.id}](#${check.id}) | ${check.importance} | ${cell(check.affectedPage)} | ${cell(check.affectsWhen)} |`,
    ),
  ];
}

function section(check: SiteCheck): string[] {
  return [
    `<a id="${check.id}"></a>`,
    '',
    `### ${check.title} (\`${check.id}\`)`,
    '',
    `Site check, ${check.importance} importance.`,
    '',
    `- **Affected page:** ${check.affectedPage}.`,
    `- **Affected when:** ${check.affectsWhen}`,
    `- **Advice when it affects a page:** ${check.advice}`,
  ];
}

/** The Markdown section of the site checks, from its `## Site checks` heading to the last check's advice. */
export function siteCatalogue(
  checks: readonly SiteCheck[] = SITE_CHECKS,
): string {
  const lines = [
    '## Site checks',
    '',
    'A site audit judges every HTML page it fetched with the page checks, then, once the crawl',
    `has stopped, judges the set with the ${checks.length} site checks below, in this order. A page`,
    'affected by a site check loses points in its score as a failed page check of that',
    'importance would. A page a check cannot judge (its target was not fetched because of',
    '`max_pages`, robots.txt or the scope) is not affected.',
    '',
    ...table(checks),
  ];
  for (const check of checks) lines.push('', ...section(check));
  return lines.join('\n');
}

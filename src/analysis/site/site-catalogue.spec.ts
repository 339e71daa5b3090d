import { SITE_CHECKS } from './registry.js';
import { siteCatalogue } from './site-catalogue.js';
import type { SiteCheck } from './site-crawl.js';

describe('siteCatalogue', () => {
  const text = siteCatalogue();
  const lines = text.split('\n');

  it('opens with its heading and says how many checks follow', () => {
    expect(lines[0]).toBe('## Site checks');
    expect(text).toContain(`with the ${SITE_CHECKS.length} site checks below`);
  });

  it('has a table row for each check, in the registry order', () => {
    const rows = lines.filter((line) => line.startsWith('| ['));
    expect(rows.map((row) => /^\| \[([a-z_]+)\]/.exec(row)?.[1])).toEqual(
      SITE_CHECKS.map((check) => check.id),
    );
    expect(rows[4]).toBe(
      `| [broken_link](#broken_link) | high | the linking page | ${SITE_CHECKS[4].affectsWhen} |`,
    );
  });

  it('has a section for each check, anchored by its id, in the registry order', () => {
    const anchors = lines
      .filter((line) => line.startsWith('<a id="'))
      .map((line) => /^<a id="([a-z_]+)"><\/a>$/.exec(line)?.[1]);
    expect(anchors).toEqual(SITE_CHECKS.map((check) => check.id));
    const deep = SITE_CHECKS.find((check) => check.id === 'deep_page')!;
    expect(text.slice(text.indexOf('<a id="deep_page">'))).toBe(
      [
        '<a id="deep_page"></a>',
        '',
        '### Deep page (`deep_page`)',
        '',
        'Site check, low importance.',
        '',
        '- **Affected page:** the page.',
        `- **Affected when:** ${deep.affectsWhen}`,
        `- **Advice when it affects a page:** ${deep.advice}`,
      ].join('\n'),
    );
  });

  it('escapes a pipe in a table cell, not in a section', () => {
    const check: SiteCheck = {
      ...SITE_CHECKS[0],
      affectsWhen: 'A title with a | in it.',
    };
    const written = siteCatalogue([check]).split('\n');
    expect(written).toContain(
      `| [duplicate_title](#duplicate_title) | medium | every page of a group | A title with a \\| in it. |`,
    );
    expect(written).toContain('- **Affected when:** A title with a | in it.');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKS } from '../src/analysis/checks/registry.js';
import { SITE_CHECKS } from '../src/analysis/site/registry.js';
import {
  CATALOGUE_END,
  CATALOGUE_START,
  SITE_CATALOGUE_END,
  SITE_CATALOGUE_START,
  withCatalogue,
} from './support/check-catalogue.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENT = readFileSync(join(ROOT, 'docs', 'checks.md'), 'utf8');

/** The part of the document between two markers. */
function between(start: string, end: string): string {
  return DOCUMENT.slice(DOCUMENT.indexOf(start), DOCUMENT.indexOf(end));
}
const PAGE_PART = between(CATALOGUE_START, CATALOGUE_END);
const SITE_PART = between(SITE_CATALOGUE_START, SITE_CATALOGUE_END);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('docs/checks.md, the check catalogue', () => {
  it('is what `npm run docs:checks` writes from the check registries', () => {
    // When this fails: run `npm run docs:checks` and commit docs/checks.md.
    expect(DOCUMENT).toBe(withCatalogue(DOCUMENT));
  });

  it("pins every check's id, category and importance, in the order reports list them", () => {
    // The catalogue's table is the one hand-checked list of the checks: a change to an
    // id, a category, an importance or the order shows up as a change to it.
    const rows = [
      ...PAGE_PART.matchAll(
        /^\| \[([a-z0-9_]+)\]\(#\1\) \| ([a-z]+) \| ([a-z]+) \|/gm,
      ),
    ].map(([, id, category, importance]) => [id, category, importance]);
    expect(rows).toEqual(
      CHECKS.map((check) => [check.id, check.category, check.importance]),
    );
    expect(DOCUMENT).toContain(
      `The ${CHECKS.length} checks, in the order reports list them:`,
    );
  });

  it("pins every site check's id and importance, in the order audits judge them", () => {
    const rows = [
      ...SITE_PART.matchAll(/^\| \[([a-z0-9_]+)\]\(#\1\) \| ([a-z]+) \|/gm),
    ].map(([, id, importance]) => [id, importance]);
    expect(rows).toEqual(
      SITE_CHECKS.map((check) => [check.id, check.importance]),
    );
    expect(SITE_PART).toContain(
      `with the ${SITE_CHECKS.length} site checks below`,
    );
  });

  it('has a section for every check, then every site check, anchored at its id, in the order of the registries', () => {
    const anchors = [
      ...DOCUMENT.matchAll(/^<a id="([a-z0-9_]+)"><\/a>$/gm),
    ].map((match) => match[1]);
    expect(anchors).toEqual([
      ...CHECKS.map((check) => check.id),
      ...SITE_CHECKS.map((check) => check.id),
    ]);
    // One anchor, one check: /docs/checks#<id> must not be ambiguous.
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const check of CHECKS) {
      expect(PAGE_PART).toContain(`**Advice when it fails:** ${check.advice}`);
    }
    for (const check of SITE_CHECKS) {
      expect(SITE_PART).toContain(`### ${check.title} (\`${check.id}\`)`);
      expect(SITE_PART).toContain(`**Affected when:** ${check.affectsWhen}`);
      expect(SITE_PART).toContain(
        `**Advice when it affects a page:** ${check.advice}`,
      );
    }
  });

  it('keeps the hand-written part around the generated ones', () => {
    const start = DOCUMENT.indexOf(CATALOGUE_START);
    expect(start).toBeGreaterThan(0);
    expect(DOCUMENT.indexOf(CATALOGUE_END)).toBeGreaterThan(start);
    const siteStart = DOCUMENT.indexOf(SITE_CATALOGUE_START);
    expect(siteStart).toBeGreaterThan(DOCUMENT.indexOf(CATALOGUE_END));
    expect(DOCUMENT.indexOf(SITE_CATALOGUE_END)).toBeGreaterThan(siteStart);
    expect(DOCUMENT.indexOf('\n## Changes\n')).toBeGreaterThan(
      DOCUMENT.indexOf(SITE_CATALOGUE_END),
    );
    for (const heading of [
      '## Pipeline',
      '## The `results` of a report',
      '## Scoring and the cap',
      '## The checks',
    ]) {
      expect(DOCUMENT).toContain(`\n${heading}\n`);
    }
    for (const field of [
      'rating',
      'capped_by',
      'uncapped_score',
      'advice',
      'doc_url',
    ]) {
      expect(DOCUMENT).toContain(`"${field}"`);
    }
  });

  it('holds what the code cites of it by name', () => {
    const cited = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(/docs\/checks\.md, "([^"]+)"/g),
      ].map((match) => match[1]),
    );
    expect(cited.length).toBeGreaterThan(0);
    for (const name of cited) expect(DOCUMENT).toContain(`**${name}**`);
  });

  it('refuses a document that lost its markers rather than guess where the checks go', () => {
    expect(() => withCatalogue('# Checks\n')).toThrow(/lost its markers/);
    const withoutSiteMarkers = DOCUMENT.replace(SITE_CATALOGUE_END, '');
    expect(() => withCatalogue(withoutSiteMarkers)).toThrow(
      /lost its markers[^]*where the site checks go/,
    );
  });
});

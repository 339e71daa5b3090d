import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKS } from '../src/analysis/checks/registry.js';
import {
  CATALOGUE_END,
  CATALOGUE_START,
  withCatalogue,
} from './support/check-catalogue.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENT = readFileSync(join(ROOT, 'docs', 'checks.md'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('docs/checks.md, the check catalogue', () => {
  it('is what `npm run docs:checks` writes from the check registry', () => {
    // When this fails: run `npm run docs:checks` and commit docs/checks.md.
    expect(DOCUMENT).toBe(withCatalogue(DOCUMENT));
  });

  it('has a section for every check, anchored at its id, in the order of the registry', () => {
    const anchors = [
      ...DOCUMENT.matchAll(/^<a id="([a-z0-9_]+)"><\/a>$/gm),
    ].map((match) => match[1]);
    expect(anchors).toEqual(CHECKS.map((check) => check.id));
    for (const check of CHECKS) {
      expect(DOCUMENT).toContain(`**Advice when it fails:** ${check.advice}`);
    }
  });

  it('keeps the hand-written part around the generated one', () => {
    const start = DOCUMENT.indexOf(CATALOGUE_START);
    expect(start).toBeGreaterThan(0);
    expect(DOCUMENT.indexOf(CATALOGUE_END)).toBeGreaterThan(start);
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
  });
});

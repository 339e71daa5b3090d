import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCatalogue } from './check-catalogue.js';

/** `npm run docs:checks`: rewrites the generated parts of docs/checks.md (page checks, site checks) (run from the repository's root). */
const path = join(process.cwd(), 'docs', 'checks.md');
const before = readFileSync(path, 'utf8');
const after = withCatalogue(before);
writeFileSync(path, after);
console.log(
  before === after
    ? `${path} was already up to date.`
    : `${path} rewritten from the check registries.`,
);

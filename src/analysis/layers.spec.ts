import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The analyser's layers: gathering (fetch/) reads page facts but never a check, and
 * nothing of the analyser depends on Nest, the database or the rest of the service.
 */

const ROOT = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')
      ? [path]
      : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /^\s*(?:import|export)\b(?:[^'";]*\bfrom)?\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm,
    ),
  ].map((match) => match[1] ?? match[2]);
}

const FILES = sources(ROOT);

describe('the layers of the analyser', () => {
  it('has its sources where this test looks', () => {
    expect(FILES.map((file) => relative(ROOT, file))).toEqual(
      expect.arrayContaining(['index.ts', join('fetch', 'gather.ts')]),
    );
  });

  it('keeps gathering from importing any check', () => {
    const leaks = FILES.filter((file) =>
      relative(ROOT, file).startsWith(`fetch`),
    ).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.includes('checks/'))
        .map((target) => `${relative(ROOT, file)} imports ${target}`),
    );
    expect(leaks).toEqual([]);
  });

  it('imports nothing of Nest, the database or the rest of the service', () => {
    const outside = FILES.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            /^@nestjs\/|^typeorm$|^pg$|^@electric-sql\/|^ioredis$|^bullmq$/.test(
              target,
            ) ||
            (target.startsWith('.') &&
              relative(ROOT, join(file, '..', target)).startsWith('..')),
        )
        .map((target) => `${relative(ROOT, file)} imports ${target}`),
    );
    expect(outside).toEqual([]);
  });
});

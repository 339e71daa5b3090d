import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The lab stands beside rendering: nothing of Nest, the database or the rest of the
 * service, and of the analyser and rendering only their public faces.
 */

const ROOT = fileURLToPath(new URL('.', import.meta.url));

const FILES = readdirSync(ROOT).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'),
);

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [
    ...text.matchAll(
      /^\s*(?:import|export)\b(?:[^'";]*\bfrom)?\s*'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm,
    ),
  ].map((match) => match[1] ?? match[2]);
}

describe('the layers of the lab', () => {
  it('has its sources where this test looks', () => {
    expect(FILES).toEqual(
      expect.arrayContaining(['index.ts', 'lighthouse-measurer.ts']),
    );
  });

  it('imports nothing of Nest or the database, and of the service only the analyser’s and rendering’s indexes', () => {
    const outside = FILES.flatMap((file) =>
      importsOf(file)
        .filter(
          (target) =>
            /^@nestjs\/|^typeorm$|^pg$|^@electric-sql\/|^ioredis$|^bullmq$/.test(
              target,
            ) ||
            (target.startsWith('../') &&
              !['../analysis/index.js', '../rendering/index.js'].includes(
                target,
              )),
        )
        .map((target) => `${file} imports ${target}`),
    );
    expect(outside).toEqual([]);
  });
});

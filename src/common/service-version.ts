import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The service's version from its package.json, found above this file however it was built. */
export function serviceVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'report-service') return pkg.version ?? '0.0.0';
    }
    folder = dirname(folder);
  }
  return '0.0.0';
}

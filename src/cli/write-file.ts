import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Writes an output's file, making its folder first (`--out junit:reports/seo.xml`). */
export async function writeCreatingFolders(
  path: string,
  content: string | Buffer,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

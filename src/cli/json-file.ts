import { readFile } from 'node:fs/promises';

/** A file of the command line, as JSON; a file that cannot be read is the `fail` error's. */
export async function jsonFile(
  path: string,
  what: string,
  fail: new (message: string) => Error,
): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new fail(
      `Could not read ${what} ${path}: ${(error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new fail(`${what} ${path} is not JSON: ${(error as Error).message}`);
  }
}

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CLIENT_TYPES_PATH,
  clientTypesOf,
  documentOfTheCode,
  OPENAPI_DOCUMENT_PATH,
  serialiseDocument,
} from './openapi-document.js';

/**
 * `npm run docs:openapi`: rewrites docs/openapi.json from the controllers and DTOs,
 * and the client types the compile test uses from it (run from the repository's root).
 */
function rewrite(path: string, text: string): void {
  const file = join(process.cwd(), path);
  const before = readFileSync(file, { encoding: 'utf8', flag: 'a+' });
  writeFileSync(file, text);
  console.log(
    before === text ? `${path} was already up to date.` : `${path} rewritten.`,
  );
}

const documentText = serialiseDocument(await documentOfTheCode());
rewrite(OPENAPI_DOCUMENT_PATH, documentText);
rewrite(CLIENT_TYPES_PATH, await clientTypesOf(documentText));

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { AppModule } from '../../src/app.module.js';
import { buildOpenApiDocument } from '../../src/common/api-docs.js';
import { loadConfig } from '../../src/config/config.js';

/** Where the reviewed OpenAPI document is committed, relative to the repository's root. */
export const OPENAPI_DOCUMENT_PATH = join('docs', 'openapi.json');

/** The TypeScript types openapi-typescript makes of it, for the compile test's client. */
export const CLIENT_TYPES_PATH = join('test', 'openapi-client', 'schema.d.ts');

/** The command that rewrites both, as the drift tests tell the developer. */
export const OPENAPI_WRITE_COMMAND = 'npm run docs:openapi';

/** Preview mode scans modules without instantiating providers, so no database is opened. */
const UNOPENED_DATABASE = {
  url: 'postgres://unused.invalid/none',
  embedded: false,
  poolSize: 1,
  close: async () => {},
};

/** The document the code describes, built from the app module without listening. */
export async function documentOfTheCode(): Promise<OpenAPIObject> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register(loadConfig({}), UNOPENED_DATABASE),
    { preview: true, logger: false, bodyParser: false, abortOnError: false },
  );
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

/** The document as docs/openapi.json holds it: two-space JSON and a final newline. */
export function serialiseDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function committedDocumentText(root = process.cwd()): string {
  return readFileSync(join(root, OPENAPI_DOCUMENT_PATH), 'utf8');
}

/** What openapi-typescript, with its default options, makes of a document, as Prettier lays out the project's code. */
export async function clientTypesOf(documentText: string): Promise<string> {
  const ast = await openapiTS(documentText);
  const path = join(process.cwd(), CLIENT_TYPES_PATH);
  const options = await resolveConfig(path);
  const text = `/** Generated from docs/openapi.json by \`${OPENAPI_WRITE_COMMAND}\` (openapi-typescript); do not edit. */\n\n${astToString(ast)}`;
  return format(text, { ...options, filepath: path });
}

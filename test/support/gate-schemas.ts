import { readFileSync } from 'node:fs';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';

/**
 * The gate's files checked against the published schemas vendored in test/schemas:
 * SARIF with Ajv (the schema is draft-04), JUnit with libxml2's XSD validator (xmllint,
 * compiled to WebAssembly). Each answers the errors found, none when valid.
 */

const SARIF_SCHEMA = JSON.parse(
  readFileSync('test/schemas/sarif-schema-2.1.0.json', 'utf8'),
) as object;
const JUNIT_XSD = readFileSync('test/schemas/junit.xsd', 'utf8');

// CommonJS packages: their default export is the module object under ESM.
const AjvDraft04 = ((AjvDraft04Module as { default?: unknown }).default ??
  AjvDraft04Module) as typeof AjvDraft04Module.default;
const addFormats = ((addFormatsModule as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;
const ajv = new AjvDraft04({ allErrors: true, strict: false });
addFormats(ajv);
const sarif = ajv.compile(SARIF_SCHEMA);

export function sarifErrors(text: string): string[] {
  return sarif(JSON.parse(text))
    ? []
    : (sarif.errors ?? []).map(
        (error: { instancePath: string; message?: string }) =>
          `${error.instancePath} ${error.message ?? ''}`,
      );
}

export async function junitErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'junit.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: JUNIT_XSD }],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

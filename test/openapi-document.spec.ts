import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_TYPES_PATH,
  clientTypesOf,
  committedDocumentText,
  documentOfTheCode,
  OPENAPI_DOCUMENT_PATH,
  OPENAPI_WRITE_COMMAND,
  serialiseDocument,
} from './support/openapi-document.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');

/** Where two texts part, as a line a developer can find. */
function firstDifference(committed: string, expected: string): string {
  const a = committed.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end>')}, the code gives ${JSON.stringify(b[at] ?? '<end>')}`;
}

/** Fails with the command that brings a generated file back in step. */
function expectInStep(path: string, committed: string, expected: string) {
  if (committed !== expected) {
    throw new Error(
      `${path} is out of step with the code: run \`${OPENAPI_WRITE_COMMAND}\` and commit it (${firstDifference(committed, expected)}).`,
    );
  }
}

describe('docs/openapi.json, the reviewed OpenAPI document', () => {
  const committed = committedDocumentText(ROOT);

  it('is what `npm run docs:openapi` writes from the controllers and DTOs', async () => {
    const expected = serialiseDocument(await documentOfTheCode());
    expectInStep(OPENAPI_DOCUMENT_PATH, committed, expected);
  });

  it("lints with Redocly's recommended rules without an error or a warning", () => {
    const lint = spawnSync(
      join(BIN, 'redocly'),
      ['lint', OPENAPI_DOCUMENT_PATH, '--format=json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        },
      },
    );
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string }>;
    };
    // Redocly exits 0 on warnings: they are refused here too, each named.
    expect(
      report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`),
    ).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  });
});

describe('the licence', () => {
  it('is MIT in LICENSE, package.json and the OpenAPI document alike', () => {
    const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    expect(read('LICENSE')).toMatch(/^MIT License\n/);
    expect(
      (JSON.parse(read('package.json')) as { license: string }).license,
    ).toBe('MIT');
    const info = (
      JSON.parse(committedDocumentText(ROOT)) as {
        info: { license: { name: string; identifier: string } };
      }
    ).info;
    expect(info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });
});

describe('a client generated from docs/openapi.json (openapi-typescript + openapi-fetch)', () => {
  const scriptPaths = ['reports-client.ts', 'site-audits-client.ts'].map(
    (name) => join(ROOT, 'test', 'openapi-client', name),
  );

  it('has its committed types made from the committed document', async () => {
    const expected = await clientTypesOf(committedDocumentText(ROOT));
    const committed = readFileSync(join(ROOT, CLIENT_TYPES_PATH), 'utf8');
    expectInStep(CLIENT_TYPES_PATH, committed, expected);
  });

  it('compiles the reports and site-audits scripts under tsc --strict', () => {
    const tsc = spawnSync(
      join(BIN, 'tsc'),
      ['-p', join('test', 'openapi-client', 'tsconfig.json')],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect({
      status: tsc.status,
      output: `${tsc.stdout}${tsc.stderr}`,
    }).toEqual({ status: 0, output: '' });
  });

  it.each(scriptPaths)(
    'needs no cast, no any and no suppressed error to do it (%s)',
    (scriptPath) => {
      const script = readFileSync(scriptPath, 'utf8');
      expect(script).not.toMatch(/\bas\s+(?!const\b)[\w{[(]/);
      expect(script).not.toMatch(/\bany\b|@ts-|\w!\./);
    },
  );
});

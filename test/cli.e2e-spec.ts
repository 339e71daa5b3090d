import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { runCli } from './support/service-process.js';
import { sh } from './support/shell.js';

const COMMANDS = [
  'keys:create',
  'keys:list',
  'keys:revoke',
  'migrate',
  'analyse',
  'audit-site',
];

describe('the command line', () => {
  let site: FixtureSite;
  let dataDir: string;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/': (_req, res) =>
        html(
          res,
          '<!doctype html><html lang="en"><title>CLI page</title><h1>Hi</h1></html>',
        ),
    });
    dataDir = await mkdtemp(join(tmpdir(), 'report-service-cli-'));
  });
  afterAll(async () => {
    await site?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(COMMANDS)(
    'says what %s does with --help, without configuration or a database',
    async (command) => {
      // A database that is not there, and a data folder that must stay unmade.
      const nowhere = join(dataDir, 'never-made');
      const env = {
        DATA_DIR: nowhere,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        PORT: 'not a port',
      };
      for (const args of [
        [command, '--help'],
        [command, '-h'],
        ['help', command],
      ]) {
        const run = await runCli(args, env);
        expect(run.status).toBe(0);
        expect(run.stdout).toMatch(
          new RegExp(`^Usage: npx report-service ${command}\\b`),
        );
        expect(run.stdout).toContain('Environment:');
        expect(run.stderr).toBe('');
      }
      expect(existsSync(nowhere)).toBe(false);
    },
  );

  it('lists every command in its general help, and shows a command its own help on a bad option', async () => {
    const general = await runCli(['--help'], {});
    expect(general.status).toBe(0);
    for (const command of COMMANDS) expect(general.stdout).toContain(command);
    const bad = await runCli(['keys:create', '--nmae', 'x'], {});
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(
      /^Unknown option '--nmae'[^]*Usage: npx report-service keys:create/,
    );
    expect(bad.stdout).toBe('');
  });

  it('prints the JSON alone on stdout through npx report-service, so jq reads it', async () => {
    const env = { ANALYZER_ALLOW_HOSTS: '127.0.0.1', DATA_DIR: dataDir };
    const json = await sh(
      `npx report-service analyse ${site.url('/')} --json`,
      env,
    );
    expect(json.status).toBe(0);
    const results = JSON.parse(json.stdout) as { score: number };
    expect(results.score).toEqual(expect.any(Number));

    const score = await sh(
      `npx report-service analyse ${site.url('/')} --json | jq .score`,
      env,
    );
    expect(score.stderr).toBe('');
    expect(score.status).toBe(0);
    expect(score.stdout).toMatch(/^\d{1,3}\n$/);
  }, 60_000);

  it('writes the JSON of analyse to a file with --out json:FILE, the report for a person staying on stdout', async () => {
    const env = { ANALYZER_ALLOW_HOSTS: '127.0.0.1', DATA_DIR: dataDir };
    const path = join(dataDir, 'out', 'report.json');
    const run = await runCli(
      ['analyse', site.url('/'), '--out', `json:${path}`],
      env,
    );
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 0,
      stderr: '',
    });
    const written = JSON.parse(await readFile(path, 'utf8')) as {
      score: number;
      page: { final_url: string };
    };
    expect(written.page.final_url).toBe(site.url('/'));
    expect(run.stdout).toContain(`${written.score}`);
    expect(() => JSON.parse(run.stdout)).toThrow(SyntaxError);

    const unknown = await runCli(
      ['analyse', site.url('/'), '--out', 'junit:seo.xml'],
      env,
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(
      /^--out junit:seo\.xml: unknown format "junit"; analyse writes pdf, html, json\n\nUsage: npx report-service analyse/,
    );
  }, 60_000);
});

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type request from 'supertest';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { outlineTitles } from './support/pdf-outline.js';
import { PRODUCT_NAME } from '../src/outputs/print/print-frame.js';
import { Renderer, renderBrowserPath } from '../src/rendering/index.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureHandler, FixtureSite } from './support/fixture-server.js';
import { runAudit } from './support/site-audits.js';
import { runCli } from './support/service-process.js';
import type { AuditBody } from './support/site-audits.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const CHROMIUM = renderBrowserPath({
  render: process.env.RENDER_CHROMIUM_PATH,
  chromium: process.env.CHROMIUM_PATH,
});
// CI installs Chromium and poppler-utils and sets REQUIRE_BROWSER: there nothing skips.
const run =
  (existsSync(CHROMIUM) && existsSync('/usr/bin/pdfinfo')) ||
  process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

/** A TCP listener that counts every connection and answers none: what the print must never reach. */
async function startSentinel(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A small site with problems of several kinds, and crawled text pointing at the sentinel. */
function siteWith(sentinel: number): Record<string, FixtureHandler> {
  const tracker = `http://127.0.0.1:${sentinel}/pixel.png`;
  const page =
    (body: string): FixtureHandler =>
    (_req, res) =>
      html(res, body);
  return {
    '/': page(
      `<html lang="en"><head><title>Home</title></head><body><h1>Home</h1>${Array.from({ length: 8 }, (_, i) => `<a href="/guide/${i}.html">Guide ${i}</a>`).join(' ')} <a href="/gone.html">Gone</a></body></html>`,
    ),
    ...Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `/guide/${i}.html`,
        page(
          `<html><head><title>&lt;img src="${tracker}"&gt; guide</title></head><body><p>Guide ${i}.</p><img src="/logo.png"><a href="/">Home</a></body></html>`,
        ),
      ]),
    ),
  };
}

run('the PDF of a site audit', () => {
  let t: TestApp;
  let site: FixtureSite;
  let sentinel: Awaited<ReturnType<typeof startSentinel>>;
  let key: string;
  let audit: AuditBody;
  let folder: string;

  beforeAll(async () => {
    sentinel = await startSentinel();
    site = await startFixtureSite(siteWith(sentinel.port));
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ key } = await t.newAccount('Plain account'));
    audit = await runAudit(t.as(key), { url: site.url('/') });
    expect(audit.status).toBe('completed');
    folder = mkdtempSync(join(tmpdir(), 'audit-pdf-'));
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await sentinel?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  async function pdfOf(apiKey: string, id: number): Promise<Buffer> {
    const res = await t
      .as(apiKey)
      .get(`/api/v1/site-audits/${id}/export/pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.body as Buffer;
  }

  function poppler(tool: string, pdf: Buffer, ...args: string[]): string {
    const file = join(folder, `${tool}-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync(
      tool,
      [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])],
      {
        encoding: 'utf8',
      },
    );
  }

  it('is tagged, with its metadata, embedded fonts and a bookmark per section and finding', async () => {
    const pdf = await pdfOf(key, audit.id);
    const info = poppler('pdfinfo', pdf);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Author:\s+Plain account$/m);
    expect(info).toMatch(/^Title:\s+Site audit of 127\.0\.0\.1:\d+$/m);
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBeGreaterThan(3);
    const fonts = poppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\byes\s+yes\s+yes\b/);

    const issues = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}/issues`)
      .expect(200);
    const findings = (
      issues.body as { data: Array<{ title: string; advice: string }> }
    ).data;
    const titles = outlineTitles(await PDFDocument.load(pdf));
    for (const section of [
      'Summary',
      'Findings',
      'Changes since the last audit',
      'How this audit was made',
    ]) {
      expect(titles).toContain(section);
    }
    findings.forEach((finding, i) =>
      expect(titles).toContain(`${i + 1}. ${finding.title}`),
    );
  });

  it('names the account, the site, the score and the first five findings with their advice, in order, and never the product', async () => {
    const pdf = await pdfOf(key, audit.id);
    const text = poppler('pdftotext', pdf, '-raw').replace(/\s+/g, ' ');
    expect(text).toContain('Plain account');
    expect(text).toContain(site.url('/'));
    expect(text).toContain(
      `Score ${audit.score} out of 100, rated ${audit.result}`,
    );
    expect(text).not.toContain(PRODUCT_NAME);
    const issues = await t
      .as(key)
      .get(`/api/v1/site-audits/${audit.id}/issues`)
      .expect(200);
    const five = (
      issues.body as { data: Array<{ title: string; advice: string }> }
    ).data.slice(0, 5);
    const findingsPart = text.slice(text.indexOf('the most important first'));
    const places = five.map((finding) => findingsPart.indexOf(finding.title));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    for (const finding of five) {
      const advice = finding.advice
        .replace(/`/g, '')
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      expect(findingsPart).toContain(advice);
    }
  });

  it("prints the account's branding, its SVG logo cleaned, and reaches nothing on the network", async () => {
    const branded = await t.newAccount('Branded account');
    const logo = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" onload="fetch('http://127.0.0.1:${sentinel.port}/onload')"><script>fetch('http://127.0.0.1:${sentinel.port}/script')</script><image href="http://127.0.0.1:${sentinel.port}/image.png" width="10" height="10"/><rect width="120" height="40" fill="#0a7"/></svg>`;
    await t
      .as(branded.key)
      .put('/api/v1/account/branding')
      .send({
        name: 'Acme SEO Partners',
        logo: `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`,
        accent_color: '#0a7f5c',
        contact: 'hello@acme.test · +44 20 0000 0000',
        footer: 'Confidential: prepared for the client',
      })
      .expect(200);
    const brandedAudit = await runAudit(t.as(branded.key), {
      url: site.url('/'),
    });
    const pdf = await pdfOf(branded.key, brandedAudit.id);
    const text = poppler('pdftotext', pdf, '-raw');
    expect(text).toContain('Acme SEO Partners');
    expect(text).toContain('hello@acme.test');
    expect(text).toContain('Confidential: prepared for the client');
    expect(text).not.toContain('Branded account');
    expect(text).not.toContain(PRODUCT_NAME);
    expect(poppler('pdfinfo', pdf)).toMatch(/^Author:\s+Acme SEO Partners$/m);
    // The cover's logo, as the HTML format carries it for the print: cleaned, inline.
    const page = await t
      .as(branded.key)
      .get(`/api/v1/site-audits/${brandedAudit.id}/export/html`)
      .expect(200);
    const logoUri =
      /<img class="logo" src="(data:image\/svg\+xml;base64,[^"]+)"/.exec(
        page.text,
      )?.[1];
    expect(logoUri).toBeDefined();
    const svg = Buffer.from(logoUri!.split(',')[1], 'base64').toString();
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/onload|<script|href|127\.0\.0\.1/);
    expect(page.text).toContain('--accent: #0a7f5c');

    // Its share page wears the same branding, the colour allowed by its hash alone.
    const shared = await t
      .as(branded.key)
      .put(`/api/v1/site-audits/${brandedAudit.id}`)
      .send({ privacy: 0 })
      .expect(200);
    const sharePath = new URL(
      (shared.body as { data: { share_url: string } }).data.share_url,
    ).pathname;
    const sharePage = await t.anonymous().get(sharePath).expect(200);
    expect(sharePage.text).toContain('Acme SEO Partners');
    expect(sharePage.text).toContain('Confidential: prepared for the client');
    expect(sharePage.text).not.toContain(PRODUCT_NAME);
    const colour = ':root{--accent:#0a7f5c}';
    expect(sharePage.text).toContain(`<style>${colour}</style>`);
    expect(sharePage.headers['content-security-policy']).toContain(
      `'sha256-${createHash('sha256').update(colour).digest('base64')}'`,
    );
    expect(sentinel.connections()).toBe(0);
  });

  it("prints a report as a page audit, its failed checks bookmarked in the account's name", async () => {
    const created = await t
      .as(key)
      .post('/api/v1/reports')
      .send({ url: site.url('/') })
      .expect(201);
    const report = (
      created.body as {
        data: {
          id: number;
          results: {
            checks: Array<{
              passed: boolean | null;
              title: string;
              importance: 'high' | 'medium' | 'low';
            }>;
          };
        };
      }
    ).data;
    const res = await t
      .as(key)
      .get(`/api/v1/reports/${report.id}/export/pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const pdf = res.body as Buffer;
    expect(poppler('pdfinfo', pdf)).toMatch(/^Author:\s+Plain account$/m);
    expect(poppler('pdftotext', pdf, '-raw')).toContain('Page audit');
    const titles = outlineTitles(await PDFDocument.load(pdf));
    // Failed checks come most important first, in the order the analysis gave them.
    const rank = { high: 0, medium: 1, low: 2 };
    const failed = report.results.checks
      .filter((check) => check.passed === false)
      .sort((a, b) => rank[a.importance] - rank[b.importance]);
    expect(failed.length).toBeGreaterThan(0);
    failed.forEach((check, i) =>
      expect(titles).toContain(`${i + 1}. ${check.title}`),
    );
  });

  it('gives the same PDF on the share link as on the API route to whoever may see the page, a 404 to anyone else', async () => {
    const binary = (res: request.Test) =>
      res.buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const textOf = (pdf: Buffer) => poppler('pdftotext', pdf, '-raw');
    const viaApi = textOf(await pdfOf(key, audit.id));
    const put = (body: object) =>
      t.as(key).put(`/api/v1/site-audits/${audit.id}`).send(body).expect(200);
    const pathOf = (res: request.Response) =>
      new URL((res.body as { data: { share_url: string } }).data.share_url)
        .pathname;

    const publicPath = pathOf(await put({ privacy: 0 }));
    const page = await t.anonymous().get(publicPath).expect(200);
    expect(page.text).toContain(`href="${publicPath}/export/pdf"`);
    expect(page.text).toContain('<footer>Plain account</footer>');
    expect(page.text).not.toContain(PRODUCT_NAME);
    const shared = await binary(
      t.anonymous().get(`${publicPath}/export/pdf`),
    ).expect(200);
    expect(shared.headers['content-type']).toBe('application/pdf');
    expect(textOf(shared.body as Buffer)).toBe(viaApi);

    // Another account, a rotated token, a private audit, a password audit without its cookie.
    const other = await t.newAccount('Someone else');
    await t
      .as(other.key)
      .get(`/api/v1/site-audits/${audit.id}/export/pdf`)
      .expect(404);
    const rotatedPath = pathOf(await put({ rotate_share_token: 1 }));
    await t.anonymous().get(`${publicPath}/export/pdf`).expect(404);
    await binary(t.anonymous().get(`${rotatedPath}/export/pdf`)).expect(200);
    await put({ privacy: 1 });
    await t.anonymous().get(`${rotatedPath}/export/pdf`).expect(404);
    const passwordPath = pathOf(
      await put({ privacy: 2, password: 'correct horse' }),
    );
    const noCookie = await t
      .anonymous()
      .get(`${passwordPath}/export/pdf`)
      .expect(404);
    expect(noCookie.headers['content-type']).toBe(
      'application/problem+json; charset=utf-8',
    );
    await t
      .anonymous()
      .post(passwordPath)
      .type('form')
      .send({ password: 'wrong horse' })
      .expect(401);
    const right = await t
      .anonymous()
      .post(passwordPath)
      .type('form')
      .send({ password: 'correct horse' })
      .expect(303);
    const cookie = (
      right.headers['set-cookie'] as unknown as string[]
    )[0].split(';')[0];
    const unlocked = await binary(
      t.anonymous().get(`${passwordPath}/export/pdf`).set('Cookie', cookie),
    ).expect(200);
    expect(textOf(unlocked.body as Buffer)).toBe(viaApi);
    await put({ privacy: 1 });
  });

  it('writes the same PDF from the command line, over the API or with the service in its own process', async () => {
    if (!t.http.listening) {
      await new Promise<void>((resolve) =>
        t.http.listen(0, '127.0.0.1', resolve),
      );
    }
    const api = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    const pdfFile = join(folder, 'cli.pdf');
    const jsonFile = join(folder, 'cli.json');
    const overApi = await runCli(
      [
        'audit-site',
        site.url('/'),
        '--api',
        api,
        '--key',
        key,
        '--out',
        `pdf:${pdfFile}`,
        '--out',
        `json:${jsonFile}`,
      ],
      { DATABASE_URL: undefined },
    );
    expect(overApi.stderr).not.toMatch(/Error/);
    expect(overApi.status).toBe(0);
    const { audit: made } = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
      audit: { id: number };
    };
    const fromCli = readFileSync(pdfFile);
    expect(poppler('pdftotext', fromCli, '-raw')).toBe(
      poppler('pdftotext', await pdfOf(key, made.id), '-raw'),
    );

    const hereFile = join(folder, 'here.pdf');
    const here = await runCli(
      ['audit-site', site.url('/'), '--out', `pdf:${hereFile}`],
      {
        DATABASE_URL: undefined,
        ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      },
    );
    expect(here.status).toBe(0);
    const hereInfo = poppler('pdfinfo', readFileSync(hereFile));
    expect(hereInfo).toMatch(/^Tagged:\s+yes$/m);
    // No account here: the site's host stands where an account's name would.
    expect(hereInfo).toMatch(
      new RegExp(`^Author:\\s+${new URL(site.url('/')).host}$`, 'm'),
    );

    const pageFile = join(folder, 'page.pdf');
    const page = await runCli(
      ['analyse', site.url('/'), '--out', `pdf:${pageFile}`],
      {
        ANALYZER_ALLOW_HOSTS: '127.0.0.1',
      },
    );
    expect(page.status).toBe(0);
    const pageText = poppler('pdftotext', readFileSync(pageFile), '-raw');
    expect(pageText).toContain('Page audit');
    expect(pageText).toContain(site.url('/'));
  });

  it('refuses every request a leaky document makes while it prints, and names it', async () => {
    const renderer = new Renderer({ executablePath: CHROMIUM });
    try {
      const leaky = `<!DOCTYPE html><html lang="en"><head><title>Leaky</title><link rel="stylesheet" href="http://127.0.0.1:${sentinel.port}/style.css"></head><body><h1>Leaky</h1><img src="http://127.0.0.1:${sentinel.port}/pixel.png" alt=""><iframe src="http://127.0.0.1:${sentinel.port}/frame"></iframe></body></html>`;
      const before = sentinel.connections();
      const { pdf, refusedRequests } = await renderer.print(leaky);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(refusedRequests).toEqual(
        expect.arrayContaining([
          `http://127.0.0.1:${sentinel.port}/style.css`,
          `http://127.0.0.1:${sentinel.port}/pixel.png`,
        ]),
      );
      expect(sentinel.connections()).toBe(before);
    } finally {
      await renderer.close();
    }
  });
});

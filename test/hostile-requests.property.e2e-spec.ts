import fc from 'fast-check';
import request from 'supertest';
import { startTestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';
import type { TestApp } from './support/test-app.js';

/**
 * Generated hostile requests at every route, with a fixed seed: whatever comes in, the
 * answer is never a 500, an error is a problem document (an HTML page only where the
 * client asked for the shared page), no body shows a stack trace or SQL, and a refused
 * request changes no report or site audit. The analyser may only reach 127.0.0.1:9 (closed), so no
 * generated request makes the service connect anywhere else.
 */
const SEED = 20261123;
const RUNS = 2000;

/** Strings meant to break parsers, validators and SQL: unicode, controls, sizes at and past limits. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    '9'.repeat(40),
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    "' OR 1=1 --",
    '%00',
    '\u0000',
    '\ud800',
    '\u202e',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(128),
    'x'.repeat(129),
    'x'.repeat(2048),
    'x'.repeat(70_000),
  ),
);

/** Values a JSON body may hold in place of a string or a number. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
);

/** Submitted URLs: junk, refused hosts, and a closed port on the one allowed address. */
const targetUrl = fc.oneof(
  hostileText,
  fc.constantFrom(
    'http://127.0.0.1:9/',
    'https://127.0.0.1:9/',
    'http://127.0.0.2/',
    'http://[::1]/',
    'http://user:pw@127.0.0.1:9/',
    'ftp://127.0.0.1/',
    'javascript:alert(1)',
    'http://',
    'http://-bad-.test/',
    `http://127.0.0.1:9/${'%'.repeat(700)}`,
  ),
  hostileText.map((s) => `http://127.0.0.1:9/${s}`),
);

const reportFields = fc.record(
  {
    url: fc.oneof(targetUrl, hostileJson),
    privacy: hostileJson,
    password: hostileJson,
    results: hostileJson,
    rotate_share_token: hostileJson,
    project: hostileJson,
    unknown_field: hostileJson,
  },
  { requiredKeys: [] },
);

/** How a body is sent: JSON, a form, or bytes under a content type that may lie. */
const body = fc.oneof(
  reportFields.map((fields) => ({
    type: 'application/json',
    data: JSON.stringify(fields) ?? '',
  })),
  reportFields.map((fields) => ({
    type: 'application/x-www-form-urlencoded',
    data: new URLSearchParams(
      Object.entries(fields).map(([k, v]) => [
        k,
        typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
      ]),
    ).toString(),
  })),
  fc.record({
    type: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/xml',
      '',
      ';;;',
    ),
    data: fc.oneof(
      hostileText,
      fc.constantFrom(
        '{"url":',
        `{"privacy":${'['.repeat(100)}`,
        '{"__proto__":{"admin":true}}',
        'a=1&a=2&a[b]=3',
        'x'.repeat(2_000_000),
      ),
    ),
  }),
);

/** A path segment of the text; a lone surrogate goes as the bytes that would encode it. */
function escapeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** An id or token segment: numbers at and past every bound, junk, and escapes. */
const segment = fc.oneof(
  fc.nat().map(String),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
  hostileText.map(escapeSegment),
  fc.constantFrom('%', '%zz', '%2F', '..', '0x10', '1.0', '+1', ' 1'),
);

const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'page',
      'per_page',
      'sort',
      'sort_by',
      'search',
      'search_by',
      'project',
      'result',
    ),
    hostileText,
  ),
  fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })),
  { maxKeys: 4 },
);

/** Header values Node lets a client send: printable Latin-1 only. */
const headerValue = hostileText.map((s) =>
  s.replace(/[^\x20-\x7e\x80-\xff]/g, '').slice(0, 4000),
);

/** The fuzzer's own report and site audit, which refused requests must leave as they are. */
interface Own {
  report: number;
  audit: number;
  /** The share token of a password-protected audit (another account's). */
  sharedAudit: string;
}

type Call = (t: TestApp, key: string, own: Own) => request.Test;

function withHeaders(
  req: request.Test,
  headers: { accept?: string; password?: string; prefer?: string },
): request.Test {
  if (headers.accept !== undefined) req.set('Accept', headers.accept);
  if (headers.password !== undefined)
    req.set('X-Report-Password', headers.password);
  if (headers.prefer !== undefined) req.set('Prefer', headers.prefer);
  return req;
}

const headers = fc.record(
  {
    accept: fc.oneof(
      headerValue,
      fc.constantFrom('text/html', 'application/json', '*/*'),
    ),
    password: headerValue,
    prefer: fc.oneof(headerValue, fc.constant('respond-async')),
  },
  { requiredKeys: [] },
);

function send(req: request.Test, b: { type: string; data: string }) {
  if (b.type) req.set('Content-Type', b.type);
  return req.send(b.data);
}

const siteAuditFields = fc.record(
  {
    url: fc.oneof(targetUrl, hostileJson),
    max_pages: hostileJson,
    max_depth: hostileJson,
    include: hostileJson,
    exclude: hostileJson,
    respect_robots: hostileJson,
    sitemaps: hostileJson,
    privacy: hostileJson,
    password: hostileJson,
    unknown_field: hostileJson,
  },
  { requiredKeys: [] },
);

const siteAuditBody = fc.oneof(
  siteAuditFields.map((fields) => ({
    type: 'application/json',
    data: JSON.stringify(fields) ?? '',
  })),
  siteAuditFields.map((fields) => ({
    type: 'application/x-www-form-urlencoded',
    data: new URLSearchParams(
      Object.entries(fields).map(([k, v]) => [
        k,
        typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
      ]),
    ).toString(),
  })),
  body,
);

const siteAuditUpdateFields = fc.record(
  {
    privacy: hostileJson,
    password: hostileJson,
    rotate_share_token: hostileJson,
    schedule: fc.oneof(
      hostileJson,
      fc.constantFrom('daily', 'weekly', 'off', null),
    ),
    unknown_field: hostileJson,
  },
  { requiredKeys: [] },
);

const siteAuditUpdateBody = fc.oneof(
  siteAuditUpdateFields.map((fields) => ({
    type: 'application/json',
    data: JSON.stringify(fields) ?? '',
  })),
  siteAuditUpdateFields.map((fields) => ({
    type: 'application/x-www-form-urlencoded',
    data: new URLSearchParams(
      Object.entries(fields).map(([k, v]) => [
        k,
        typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
      ]),
    ).toString(),
  })),
  body,
);

/** A path under an audit's shared page: its summary, an issue's pages, a page's checks. */
const sharedAuditPath = fc.tuple(
  fc.option(segment),
  fc.constantFrom('', '/pages/1', '/issues/broken_link', '/pages', '/'),
  fc.option(segment),
  query,
);

/** The lists of an audit: pages, issues and links, with their filters. */
const auditQuery = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'page',
      'per_page',
      'sort',
      'sort_by',
      'search',
      'issue',
      'status_code',
      'indexable',
      'depth',
      'from',
      'to',
      'status',
      'project',
      'pages_per_change',
    ),
    hostileText,
  ),
  fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })),
  { maxKeys: 4 },
);

/** A path under an audit: the fuzzer's own (a segment of its own otherwise). */
const auditPath = fc.tuple(
  fc.option(segment),
  fc.constantFrom(
    '',
    '/pages',
    '/pages/1',
    '/issues',
    '/issues/broken_link',
    '/links',
    '/issues.csv',
    '/pages.csv',
    '/diff',
  ),
  fc.option(segment),
);

/** Requests at the site-audit routes. */
const siteAuditCalls = [
  fc.tuple(siteAuditBody, headers).map(([b, h]) => ({
    label: `POST site audit ${b.type} ${b.data.slice(0, 200)}`,
    html: false,
    run: (t: TestApp, key: string) =>
      send(withHeaders(t.as(key).post('/api/v1/site-audits'), h), b),
  })),
  fc.tuple(auditPath, auditQuery, headers).map(([[id, route, tail], q, h]) => {
    const path = (own: Own) =>
      `/api/v1/site-audits/${id ?? own.audit}${tail === null ? route : route.replace(/\/[^/]+$/, `/${tail}`)}`;
    return {
      label: `GET site audit ${id ?? 'own'}${route} ${tail ?? ''} ${JSON.stringify(q)}`,
      html: false,
      run: (t: TestApp, key: string, own: Own) =>
        withHeaders(t.as(key).get(path(own)).query(q), h),
    };
  }),
  fc.tuple(auditQuery, headers).map(([q, h]) => ({
    label: `GET site audits ${JSON.stringify(q)}`,
    html: false,
    run: (t: TestApp, key: string) =>
      withHeaders(t.as(key).get('/api/v1/site-audits').query(q), h),
  })),
  fc.tuple(fc.option(segment), body, headers).map(([id, b, h]) => ({
    label: `POST cancel ${id ?? 'own audit'} ${b.type}`,
    html: false,
    run: (t: TestApp, key: string, own: Own) =>
      send(
        withHeaders(
          t.as(key).post(`/api/v1/site-audits/${id ?? own.audit}/cancel`),
          h,
        ),
        b,
      ),
  })),
  fc
    .tuple(fc.option(segment), siteAuditUpdateBody, headers)
    .map(([id, b, h]) => ({
      label: `PUT site audit ${id ?? 'own'} ${b.type} ${b.data.slice(0, 200)}`,
      html: false,
      run: (t: TestApp, key: string, own: Own) =>
        send(
          withHeaders(
            t.as(key).put(`/api/v1/site-audits/${id ?? own.audit}`),
            h,
          ),
          b,
        ),
    })),
  fc.tuple(sharedAuditPath, headers).map(([[token, route, tail, q], h]) => {
    const path = (own: Own) =>
      `/s/${token ?? own.sharedAudit}${tail === null || route === '' ? route : route.replace(/\/[^/]*$/, `/${tail}`)}`;
    return {
      label: `GET /s/${token ?? 'shared'}${route} ${tail ?? ''} ${JSON.stringify(q)}`,
      html: true,
      run: (t: TestApp, _key: string, own: Own) =>
        withHeaders(t.anonymous().get(path(own)).query(q), h),
    };
  }),
  fc.tuple(fc.option(segment), body, headers).map(([token, b, h]) => ({
    label: `POST /s/${token ?? 'shared'} ${b.type}`,
    html: true,
    run: (t: TestApp, _key: string, own: Own) =>
      send(
        withHeaders(t.anonymous().post(`/s/${token ?? own.sharedAudit}`), h),
        b,
      ),
  })),
  fc.tuple(segment, headers).map(([id, h]) => ({
    label: `DELETE site audit ${/^\d+$/.test(id) ? `9${id}0` : id}`,
    html: false,
    run: (t: TestApp, key: string) =>
      withHeaders(
        t
          .as(key)
          .delete(`/api/v1/site-audits/${/^\d+$/.test(id) ? `9${id}0` : id}`),
        h,
      ),
  })),
];

/** One generated request at one of the routes. */
const call: fc.Arbitrary<{ label: string; html: boolean; run: Call }> =
  fc.oneof(
    fc.tuple(query, headers).map(([q, h]) => ({
      label: `GET list ${JSON.stringify(q)}`,
      html: false,
      run: (t: TestApp, key: string) =>
        withHeaders(t.as(key).get('/api/v1/reports').query(q), h),
    })),
    fc.tuple(segment, headers).map(([id, h]) => ({
      label: `GET /api/v1/reports/${id}`,
      html: false,
      run: (t: TestApp, key: string) =>
        withHeaders(t.as(key).get(`/api/v1/reports/${id}`), h),
    })),
    fc.tuple(body, headers).map(([b, h]) => ({
      label: `POST create ${b.type} ${b.data.slice(0, 200)}`,
      html: false,
      run: (t: TestApp, key: string) =>
        send(withHeaders(t.as(key).post('/api/v1/reports'), h), b),
    })),
    fc.tuple(fc.option(segment), body, headers).map(([id, b, h]) => ({
      label: `PUT ${id ?? 'own report'} ${b.type} ${b.data.slice(0, 200)}`,
      html: false,
      run: (t: TestApp, key: string, own: Own) =>
        send(
          withHeaders(t.as(key).put(`/api/v1/reports/${id ?? own.report}`), h),
          b,
        ),
    })),
    fc.tuple(segment, headers).map(([id, h]) => ({
      // Numbers far past the ids made here: deleting the own report would end the run's coverage.
      label: `DELETE /api/v1/reports/${/^\d+$/.test(id) ? `9${id}0` : id}`,
      html: false,
      run: (t: TestApp, key: string) =>
        withHeaders(
          t
            .as(key)
            .delete(`/api/v1/reports/${/^\d+$/.test(id) ? `9${id}0` : id}`),
          h,
        ),
    })),
    fc.tuple(segment, headers).map(([token, h]) => ({
      label: `GET shared JSON ${token}`,
      html: false,
      run: (t: TestApp) =>
        withHeaders(t.anonymous().get(`/api/v1/shared/reports/${token}`), h),
    })),
    fc.tuple(segment, headers).map(([token, h]) => ({
      label: `GET /r/${token}`,
      html: true,
      run: (t: TestApp) => withHeaders(t.anonymous().get(`/r/${token}`), h),
    })),
    fc.tuple(segment, body, headers).map(([token, b, h]) => ({
      label: `POST /r/${token} ${b.type}`,
      html: true,
      run: (t: TestApp) =>
        send(withHeaders(t.anonymous().post(`/r/${token}`), h), b),
    })),
    fc.tuple(headerValue, segment).map(([authorization, id]) => ({
      label: `GET with Authorization ${authorization.slice(0, 80)}`,
      html: false,
      run: (t: TestApp) =>
        t
          .anonymous()
          .get(`/api/v1/reports/${id}`)
          .set('Authorization', authorization),
    })),
    ...siteAuditCalls,
  );

const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/, // a stack frame
  /QueryFailedError|node_modules|TypeORM/i,
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[^"]{0,40}\b(FROM|SET|VALUES|WHERE)\b/,
];

describe('generated hostile requests at every route', () => {
  let t: TestApp;
  let key: string;
  let own: Own;
  let victimKey: string;
  let victimIds: number[];
  let victimAudits: number[];

  /** What a request may change of a report; an analysis settling meanwhile is not a change. */
  const snapshot = async (k: string, ids: number[]) =>
    Promise.all(
      ids.map(async (id) => {
        const res = await t.as(k).get(`/api/v1/reports/${id}`);
        if (res.status !== 200) return res.status;
        const { url, project, privacy, share_url } = res.body.data;
        // Each request reaches the app on a port of its own: the token is what counts.
        const token = share_url ? new URL(share_url).pathname : null;
        return { url, project, privacy, token };
      }),
    );

  /** What a request may change of a site audit (each has finished before the run). */
  const auditSnapshot = async (k: string, ids: number[]) =>
    Promise.all(
      ids.map(async (id) => {
        const res = await t.as(k).get(`/api/v1/site-audits/${id}`);
        if (res.status !== 200) return res.status;
        const { url, status, settings, privacy, share_url, schedule } =
          res.body.data;
        // Each request reaches the app on a port of its own: the token is what counts.
        const token = share_url ? new URL(share_url).pathname : null;
        return { url, status, settings, privacy, token, schedule };
      }),
    );

  /** Creates a site audit and waits until it has finished (it fails: nothing listens). */
  const finishedAudit = async (k: string, fields: object) => {
    const res = await t
      .as(k)
      .post('/api/v1/site-audits')
      .send(fields)
      .expect(202);
    const id = res.body.data.id as number;
    await waitUntil(
      async () => (await t.as(k).get(`/api/v1/site-audits/${id}`)).body.data,
      (audit: { finished_at: string | null }) => audit.finished_at !== null,
      30_000,
      100,
    );
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      ANALYSIS_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    key = (await t.newAccount('fuzzer')).key;
    victimKey = (await t.newAccount('victim')).key;
    // Each analysis fails at once (nothing listens on port 9) and settles before the run.
    const ownReport = await t
      .as(key)
      .createReport({ url: 'http://127.0.0.1:9/', privacy: 1 });
    const ownAudit = await finishedAudit(key, { url: 'http://127.0.0.1:9/' });
    victimIds = [
      await t.as(victimKey).createReport({ url: 'http://127.0.0.1:9/a' }),
      await t
        .as(victimKey)
        .createReport({ url: 'http://127.0.0.1:9/b', privacy: 1 }),
      await t.as(victimKey).createReport({
        url: 'http://127.0.0.1:9/c',
        privacy: 2,
        password: 'correct horse',
      }),
    ];
    victimAudits = [
      await finishedAudit(victimKey, { url: 'http://127.0.0.1:9/' }),
      await finishedAudit(victimKey, {
        url: 'http://127.0.0.1:9/shop/',
        privacy: 2,
        password: 'correct horse',
      }),
    ];
    const shared = await t
      .as(victimKey)
      .get(`/api/v1/site-audits/${victimAudits[1]}`)
      .expect(200);
    own = {
      report: ownReport,
      audit: ownAudit,
      sharedAudit: new URL(shared.body.data.share_url as string).pathname.slice(
        '/s/'.length,
      ),
    };
  });
  afterAll(() => t.close());

  it('never answers 500, leaks nothing, and changes no report on a refusal', async () => {
    const victimBefore = await snapshot(victimKey, victimIds);
    const victimAuditsBefore = await auditSnapshot(victimKey, victimAudits);
    await fc.assert(
      fc.asyncProperty(call, async ({ label, html, run }) => {
        const [ownBefore] = await snapshot(key, [own.report]);
        const [ownAuditBefore] = await auditSnapshot(key, [own.audit]);
        const res = await run(t, key, own);
        const type = String(res.headers['content-type'] ?? '');
        const text = res.text ?? '';
        expect({ label, status: res.status < 500 }).toEqual({
          label,
          status: true,
        });
        if (res.status >= 400) {
          const expected =
            html && type.startsWith('text/html')
              ? 'text/html; charset=utf-8'
              : 'application/problem+json; charset=utf-8';
          expect({ label, type }).toEqual({ label, type: expected });
        }
        for (const leak of LEAKS) {
          expect({ label, leak: leak.test(text) }).toEqual({
            label,
            leak: false,
          });
        }
        if (res.status >= 400) {
          const [ownAfter] = await snapshot(key, [own.report]);
          expect({ label, report: ownAfter }).toEqual({
            label,
            report: ownBefore,
          });
          const [ownAuditAfter] = await auditSnapshot(key, [own.audit]);
          expect({ label, audit: ownAuditAfter }).toEqual({
            label,
            audit: ownAuditBefore,
          });
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(await snapshot(victimKey, victimIds)).toEqual(victimBefore);
    expect(await auditSnapshot(victimKey, victimAudits)).toEqual(
      victimAuditsBefore,
    );
  }, 180_000);
});

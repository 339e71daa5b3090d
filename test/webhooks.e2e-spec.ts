import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { EVENT_TYPES } from '../src/events/event-types.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startService } from './support/service-process.js';
import type { ServiceProcess } from './support/service-process.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { runAudit } from './support/site-audits.js';
import { waitUntil } from './support/wait.js';
import { TEST_REDIS_URL as REDIS_URL } from './support/redis.js';

/**
 * Webhooks end to end, on the real app and database, with receivers served by the
 * test on 127.0.0.1. Twice: without Redis (the API runs deliveries from the jobs
 * table) and, with DATABASE_URL, on the machine's Redis, where a worker process
 * (dist/worker.js) sends them and the API in this process only adds them.
 */
/** Four attempts, quickly: the schedule's shape, not its hours. */
const FAST_SCHEDULE = {
  WEBHOOK_RETRY_DELAYS_MS: '0,100,100,100',
  WEBHOOK_TIMEOUT_MS: '3000',
};

/** Standard Webhooks' verification, written from the specification, not from the service. */
function verifies(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  toleranceSeconds = 300,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (
    typeof id !== 'string' ||
    typeof timestamp !== 'string' ||
    typeof signatures !== 'string'
  ) {
    return false;
  }
  const now = Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return (
      version === 'v1' &&
      given.length === expected.length &&
      timingSafeEqual(given, expected)
    );
  });
}

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on 127.0.0.1: records every request; `answer` picks the reply of each
 * (by default 200 "ok"), and may hold it (answering later itself).
 */
interface Receiver extends FixtureSite {
  received: Received[];
  at(path: string): Received[];
  answer: (request: Received, res: ServerResponse) => boolean | void;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const receiver = {} as Receiver;
  receiver.answer = () => undefined;
  const handler = async (
    req: import('node:http').IncomingMessage,
    res: ServerResponse,
  ) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request: Received = {
      method: req.method ?? '',
      path: new URL(req.url ?? '/', 'http://x').pathname,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(request);
    if (receiver.answer(request, res) === true) return;
    if (!res.headersSent) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }
  };
  const paths = [
    '/hook',
    '/a',
    '/b',
    '/big',
    '/flaky',
    '/moved',
    '/held',
    '/rotated',
  ];
  const site = await startFixtureSite(
    Object.fromEntries(paths.map((path) => [path, handler])),
  );
  return Object.assign(receiver, site, {
    received,
    at: (path: string) => received.filter((r) => r.path === path),
  });
}

const PAGE = (
  title: string,
  extra = '',
) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><meta name="description" content="A page the webhook tests analyse, long enough to be described properly.">
</head><body><h1>${title}</h1><p>${'Words about webhooks and reports. '.repeat(60)}</p>${extra}</body></html>`;

/** A page that fails more checks than PAGE: no language, title, description or heading. */
const WORSE_PAGE = `<html><body><p>short</p><img src="/x.png"><img src="/y.png"></body></html>`;

interface Mode {
  name: string;
  env: () => Record<string, string>;
  /** Starts whatever runs the jobs besides the API (the worker with Redis). */
  start(env: Record<string, string>): Promise<() => Promise<void>>;
}

const MODES: Mode[] = [
  {
    name: 'without Redis: the API runs deliveries from the jobs table',
    env: () => ({}),
    start: () => Promise.resolve(async () => {}),
  },
];
if (process.env.DATABASE_URL) {
  MODES.push({
    name: 'on Redis (BullMQ): a worker process sends the deliveries',
    env: () => ({
      REDIS_URL,
      REDIS_PREFIX: `h13w-webhooks-${randomBytes(6).toString('hex')}`,
    }),
    start: async (env) => {
      const worker: ServiceProcess = await startService('dist/worker.js', {
        ...env,
        DATABASE_URL: process.env.DATABASE_URL,
        ANALYZER_ALLOW_HOSTS: '127.0.0.1',
        ANALYZER_DEADLINE_MS: '5000',
        ANALYSIS_RETRY_DELAY_MS: '50',
      });
      return async () => {
        await worker.stop();
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      };
    },
  });
}

describe.each(MODES)('webhooks, $name', (mode) => {
  let t: TestApp;
  let stopJobs: () => Promise<void>;
  let site: FixtureSite;
  let receiver: Receiver;
  let refusedTarget: FixtureSite;
  let refusedHits = 0;
  let pageVersion: 'good' | 'worse' = 'good';

  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': (_req, res) => html(res, PAGE('A page for the webhook tests')),
      '/changing': (_req, res) =>
        html(
          res,
          pageVersion === 'good'
            ? PAGE('A page that changes between runs')
            : WORSE_PAGE,
        ),
      '/data.json': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"not":"html"}');
      },
    });
    receiver = await startReceiver();
    // On a loopback address that ANALYZER_ALLOW_HOSTS (127.0.0.1) does not let through.
    refusedTarget = await startFixtureSite(
      {
        '/': (_req, res) => {
          refusedHits++;
          html(res, 'should never be reached');
        },
      },
      { host: '127.0.0.2' },
    );
    const env = { ...FAST_SCHEDULE, ...mode.env() };
    t = await startTestApp(env);
    stopJobs = await mode.start(env);
  }, 120_000);

  afterAll(async () => {
    await stopJobs?.();
    await t?.close();
    await site?.close();
    await receiver?.close();
    await refusedTarget?.close();
  });

  beforeEach(() => {
    receiver.answer = () => undefined;
  });

  async function newWebhook(key: string, url: string, events: string[]) {
    const res = await t
      .as(key)
      .post('/api/v1/webhooks')
      .send({ url, events })
      .expect(201);
    return res.body.data as {
      id: number;
      url: string;
      events: string[];
      secret: string;
    };
  }

  async function deliveriesOf(key: string, id: number) {
    const res = await t
      .as(key)
      .get(`/api/v1/webhooks/${id}/deliveries?per_page=100`)
      .expect(200);
    return res.body;
  }

  /** The webhook's deliveries once `done` holds of them (or the last read after 20 s). */
  async function deliveriesWhen(
    key: string,
    id: number,
    done: (deliveries: any[]) => boolean,
  ): Promise<any[]> {
    return waitUntil(
      async () => (await deliveriesOf(key, id)).data as any[],
      done,
      20_000,
      100,
    );
  }

  it('a report.completed delivery arrives signed, and verifies as Standard Webhooks says', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/hook'), [
      'report.completed',
    ]);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const before = receiver.at('/hook').length;
    const report = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/page') })
        .expect(201)
    ).body.data;
    expect(report.status).toBe('completed');

    const deliveries = await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status === 'succeeded'),
    );
    const arrived = receiver.at('/hook').slice(before);
    expect(arrived).toHaveLength(1);
    const [message] = arrived;
    expect(message.method).toBe('POST');
    expect(message.headers['content-type']).toBe('application/json');
    expect(message.headers['webhook-id']).toMatch(/^msg_/);
    expect(verifies(hook.secret, message.headers, message.body)).toBe(true);
    // The same bytes under another secret, or altered, do not verify.
    expect(
      verifies(
        `whsec_${randomBytes(24).toString('base64')}`,
        message.headers,
        message.body,
      ),
    ).toBe(false);
    expect(
      verifies(hook.secret, message.headers, message.body.replace('}', ' }')),
    ).toBe(false);
    // Nor an old one: the timestamp is checked.
    expect(verifies(hook.secret, message.headers, message.body, -1)).toBe(
      false,
    );

    const body = JSON.parse(message.body);
    expect(body).toEqual({
      type: 'report.completed',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: expect.objectContaining({
        id: report.id,
        url: report.url,
        status: 'completed',
        score: report.score,
        result: report.result,
        previous_score: null,
        previous_result: null,
      }),
    });

    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: message.headers['webhook-id'],
      event: 'report.completed',
      status: 'succeeded',
      next_attempt_at: null,
      payload: body,
      attempts: [
        {
          attempt: 1,
          status_code: 200,
          error: null,
          response_body: 'ok',
        },
      ],
    });
  });

  it('site_audit.completed and site_audit.failed arrive signed, with the audit as the list shows it', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/a'), [
      'site_audit.completed',
      'site_audit.failed',
    ]);
    const done = await t
      .as(key)
      .post('/api/v1/site-audits')
      .send({ url: site.url('/page'), max_pages: 2 })
      .expect(202);
    // Nothing listens on port 9: the start URL cannot be fetched.
    const broken = await t
      .as(key)
      .post('/api/v1/site-audits')
      .send({ url: 'http://127.0.0.1:9/' })
      .expect(202);
    const arrived = await waitUntil(
      () => Promise.resolve(receiver.at('/a')),
      (requests) => requests.length >= 2,
      30_000,
      100,
    );
    const byType = new Map(
      arrived.map((r) => {
        const body = JSON.parse(r.body) as {
          type: string;
          data: Record<string, unknown>;
        };
        expect(verifies(hook.secret, r.headers, r.body)).toBe(true);
        return [body.type, body.data];
      }),
    );
    expect(byType.get('site_audit.completed')).toMatchObject({
      id: done.body.data.id,
      status: 'completed',
      stop_reason: 'done',
      url: site.url('/page'),
      pdf: `/api/v1/site-audits/${done.body.data.id}/export/pdf`,
    });
    expect(byType.get('site_audit.completed')).not.toHaveProperty('share_url');
    expect(byType.get('site_audit.failed')).not.toHaveProperty('pdf');
    expect(byType.get('site_audit.failed')).toMatchObject({
      id: broken.body.data.id,
      status: 'failed',
      error: { code: 'connection' },
    });
    expect(arrived).toHaveLength(2);
  });

  it('site_audit.changed arrives signed with the counts per change type and the diff, only when the site changed since its previous audit', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/b'), [
      'site_audit.changed',
    ]);
    const audit = { url: site.url('/changing'), max_pages: 1 };
    try {
      pageVersion = 'good';
      const first = await runAudit(t.as(key), audit);
      pageVersion = 'worse';
      const second = await runAudit(t.as(key), audit);
      // Unchanged since the second: no event.
      const third = await runAudit(t.as(key), audit);
      expect([first, second, third].map((a) => a.status)).toEqual([
        'completed',
        'completed',
        'completed',
      ]);
      // Deliveries are stored in the transaction that completes an audit.
      expect(
        (await deliveriesOf(key, hook.id)).data.map((d: any) => d.event),
      ).toEqual(['site_audit.changed']);
      const [message] = await waitUntil(
        () => Promise.resolve(receiver.at('/b')),
        (requests) => requests.length >= 1,
        30_000,
        100,
      );
      expect(verifies(hook.secret, message.headers, message.body)).toBe(true);
      const body = JSON.parse(message.body) as {
        type: string;
        data: {
          id: number;
          from: number;
          diff: string;
          changes: Array<{
            type: string;
            check_id: string | null;
            pages: number;
          }>;
        };
      };
      expect(body.type).toBe('site_audit.changed');
      expect(body.data).toMatchObject({
        id: second.id,
        from: first.id,
        url: site.url('/changing'),
        diff: `/api/v1/site-audits/${second.id}/diff?from=${first.id}`,
      });
      // The worse page lost its title and description, and fails checks it passed.
      expect(body.data.changes).toEqual(
        expect.arrayContaining([
          { type: 'title', check_id: null, pages: 1 },
          { type: 'meta_description', check_id: null, pages: 1 },
          { type: 'issue_appeared', check_id: 'title', pages: 1 },
        ]),
      );
      // The counts are those of the diff it links to.
      const diff = await t.as(key).get(body.data.diff).expect(200);
      expect(
        diff.body.data.changes.map((c: any) => ({
          type: c.type,
          check_id: c.check_id,
          pages: c.pages,
        })),
      ).toEqual(body.data.changes);
    } finally {
      pageVersion = 'good';
    }
  });

  it('a receiver that answers 500 three times gets the delivery on the 4th attempt, and the deliveries show 4 attempts', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/flaky'), [
      'report.completed',
    ]);
    let failures = 0;
    receiver.answer = (request, res) => {
      if (request.path !== '/flaky' || failures >= 3) return;
      failures++;
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`failure ${failures}`);
    };
    await t.as(key).createReport({ url: site.url('/page') });

    const [delivery] = await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status !== 'pending'),
    );
    expect(delivery.status).toBe('succeeded');
    expect(
      delivery.attempts.map((a: any) => [a.attempt, a.status_code]),
    ).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
    expect(delivery.attempts[0]).toMatchObject({
      error: 'the receiver answered 500',
      response_body: 'failure 1',
    });
    const arrived = receiver.at('/flaky');
    expect(arrived).toHaveLength(4);
    // One message: the same webhook-id on every attempt, each signed afresh.
    expect(new Set(arrived.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const attempt of arrived) {
      expect(verifies(hook.secret, attempt.headers, attempt.body)).toBe(true);
    }
  });

  it('refuses a webhook URL to a refused address at creation', async () => {
    const { key } = await t.newAccount();
    for (const url of [
      `${refusedTarget.origin}/`,
      `http://[::1]:${receiver.port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
    ]) {
      const res = await t
        .as(key)
        .post('/api/v1/webhooks')
        .send({ url, events: ['report.completed'] })
        .expect(422);
      expect(res.headers['content-type']).toMatch(
        /^application\/problem\+json/,
      );
      expect(Object.keys(res.body.errors)).toEqual(['url']);
      expect(res.body.errors.url[0]).toMatch(/not allowed/);
    }
    const list = await t.as(key).get('/api/v1/webhooks').expect(200);
    expect(list.body.meta.total).toBe(0);
    expect(refusedHits).toBe(0);
  });

  it('never follows a redirect, to a refused address or any other: a 3xx is a failed attempt', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/moved'), [
      'report.completed',
    ]);
    receiver.answer = (request, res) => {
      if (request.path !== '/moved') return;
      res.writeHead(302, { location: `${refusedTarget.origin}/` });
      res.end();
    };
    await t.as(key).createReport({ url: site.url('/page') });
    const [delivery] = await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status !== 'pending'),
    );
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
    for (const attempt of delivery.attempts) {
      expect(attempt.status_code).toBe(302);
      expect(attempt.error).toBe(
        `redirect not followed (302 to ${refusedTarget.origin}/)`,
      );
    }
    expect(receiver.at('/moved')).toHaveLength(4);
    expect(refusedHits).toBe(0);
  });

  it('checks the address again at every delivery: a webhook now pointing at a refused address gets nothing sent', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/hook'), [
      'report.completed',
    ]);
    // As if its host's DNS changed since creation: the stored URL now leads to 127.0.0.2.
    await t.dataSource.query(`UPDATE webhooks SET url = $1 WHERE id = $2`, [
      `${refusedTarget.origin}/`,
      hook.id,
    ]);
    await t.as(key).createReport({ url: site.url('/page') });
    const [delivery] = await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status !== 'pending'),
    );
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
    for (const attempt of delivery.attempts) {
      expect(attempt.status_code).toBeNull();
      expect(attempt.error).toMatch(/^blocked: .*127\.0\.0\.2.*not allowed/);
    }
    expect(refusedHits).toBe(0);
  });

  it('report.score_changed fires when a re-run changes the score, not on the first completion nor on an unchanged re-run; report.failed when a run fails', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/a'), [
      'report.completed',
      'report.failed',
      'report.score_changed',
    ]);
    pageVersion = 'good';
    const first = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/changing') })
        .expect(201)
    ).body.data;
    let deliveries = await deliveriesWhen(
      key,
      hook.id,
      (d) => d.length === 1 && d[0].status === 'succeeded',
    );
    expect(deliveries.map((d) => d.event)).toEqual(['report.completed']);

    pageVersion = 'worse';
    const second = (
      await t
        .as(key)
        .put(`/api/v1/reports/${first.id}`)
        .send({ results: 1 })
        .expect(200)
    ).body.data;
    expect(second.score).toBeLessThan(first.score);
    deliveries = await deliveriesWhen(
      key,
      hook.id,
      (d) => d.length === 3 && d.every((x) => x.status === 'succeeded'),
    );
    expect(deliveries.map((d) => d.event).sort()).toEqual([
      'report.completed',
      'report.completed',
      'report.score_changed',
    ]);
    const changed = deliveries.find((d) => d.event === 'report.score_changed');
    expect(changed.payload.type).toBe('report.score_changed');
    expect(changed.payload.data).toMatchObject({
      id: first.id,
      score: second.score,
      result: second.result,
      previous_score: first.score,
      previous_result: first.result,
    });
    const signed = receiver
      .at('/a')
      .find((r) => r.headers['webhook-id'] === changed.id)!;
    expect(verifies(hook.secret, signed.headers, signed.body)).toBe(true);

    // The same page again: the same score, so no score_changed.
    await t
      .as(key)
      .put(`/api/v1/reports/${first.id}`)
      .send({ results: 1 })
      .expect(200);
    deliveries = await deliveriesWhen(
      key,
      hook.id,
      (d) => d.length >= 4 && d.every((x) => x.status === 'succeeded'),
    );
    expect(deliveries).toHaveLength(4);
    expect(deliveries[0].event).toBe('report.completed');

    const failed = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/data.json') })
        .expect(201)
    ).body.data;
    expect(failed.status).toBe('failed');
    deliveries = await deliveriesWhen(
      key,
      hook.id,
      (d) => d.length >= 5 && d.every((x) => x.status === 'succeeded'),
    );
    expect(deliveries[0].event).toBe('report.failed');
    expect(deliveries[0].payload.data).toMatchObject({
      id: failed.id,
      status: 'failed',
      error: { code: 'not_html' },
    });
  });

  it('reads at most 64 KB of an answer: a 2xx with an endless body counts as delivered, and the rest is never read', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/big'), [
      'report.completed',
    ]);
    // 20 MB, more than the loopback's socket buffers hold: only a reader takes it all.
    let sentAll = false;
    receiver.answer = (request, res) => {
      if (request.path !== '/big') return;
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 20 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end(() => (sentAll = true));
      };
      pump();
      return true;
    };
    await t.as(key).createReport({ url: site.url('/page') });
    const [delivery] = await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status !== 'pending'),
    );
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, error: null }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentAll).toBe(false);
  });

  it('keeps the first 1 KB of an answer', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/big'), [
      'report.completed',
    ]);
    receiver.answer = (request, res) => {
      if (request.path !== '/big') return;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('y'.repeat(5_000));
    };
    await t.as(key).createReport({ url: site.url('/page') });
    const [delivery] = await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status !== 'pending'),
    );
    expect(delivery.attempts[0].response_body).toBe('y'.repeat(1024));
  });

  it('delivers only the events a webhook asked for, to each of the account’s webhooks', async () => {
    const { key } = await t.newAccount();
    const onFailure = await newWebhook(key, receiver.url('/b'), [
      'report.failed',
    ]);
    const onCompletion = await newWebhook(key, receiver.url('/b'), [
      'report.completed',
    ]);
    await t.as(key).createReport({ url: site.url('/page') });
    await deliveriesWhen(key, onCompletion.id, (d) =>
      d.some((x) => x.status === 'succeeded'),
    );
    expect((await deliveriesOf(key, onFailure.id)).data).toEqual([]);
  });

  it('deleting a webhook stops its pending deliveries', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/held'), [
      'report.completed',
    ]);
    let held: ServerResponse | null = null;
    let arrived: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    receiver.answer = (request, res) => {
      if (request.path !== '/held') return;
      if (held) {
        res.writeHead(500);
        res.end();
        return true;
      }
      held = res;
      arrived();
      return true;
    };
    await t.as(key).createReport({ url: site.url('/page') });
    await firstArrived;
    await t.as(key).delete(`/api/v1/webhooks/${hook.id}`).expect(204);
    // The first attempt fails after the deletion: nothing is tried again.
    (held as ServerResponse | null)?.writeHead(500);
    (held as ServerResponse | null)?.end();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(receiver.at('/held')).toHaveLength(1);
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1`,
      [hook.id],
    );
    expect(n).toBe(0);
  });

  it('tenancy: another account’s webhook is 404 everywhere and absent from its list', async () => {
    const owner = await t.newAccount('owner');
    const other = await t.newAccount('other');
    const hook = await newWebhook(owner.key, receiver.url('/hook'), [
      'report.completed',
    ]);
    const them = t.as(other.key);
    await them.get(`/api/v1/webhooks/${hook.id}`).expect(404);
    await them.get(`/api/v1/webhooks/${hook.id}/deliveries`).expect(404);
    await them.post(`/api/v1/webhooks/${hook.id}/rotate-secret`).expect(404);
    await them.delete(`/api/v1/webhooks/${hook.id}`).expect(404);
    expect((await them.get('/api/v1/webhooks').expect(200)).body.data).toEqual(
      [],
    );
    await t.as(owner.key).get(`/api/v1/webhooks/${hook.id}`).expect(200);
    for (const bad of ['0', '01', 'abc', '9999999999999999999']) {
      await t.as(owner.key).get(`/api/v1/webhooks/${bad}`).expect(404);
    }
    await t.anonymous().get('/api/v1/webhooks').expect(401);
  });

  it('validation: 422 problem documents naming each bad field', async () => {
    const { key } = await t.newAccount();
    const create = (body: object) =>
      t.as(key).post('/api/v1/webhooks').send(body).expect(422);
    let res = await create({});
    expect(Object.keys(res.body.errors).sort()).toEqual(['events', 'url']);
    expect(res.body.errors.url).toEqual(['url is required']);
    res = await create({ url: 'ftp://example.com/', events: [] });
    expect(res.body.errors).toEqual({
      url: ['url must be an absolute http or https URL'],
      events: [`events must list one or more of ${EVENT_TYPES.join(', ')}`],
    });
    res = await create({
      url: receiver.url('/hook'),
      events: ['report.completed', 'report.deleted'],
    });
    expect(Object.keys(res.body.errors)).toEqual(['events']);
    res = await create({ url: receiver.url('/hook'), events: 'nonsense' });
    expect(Object.keys(res.body.errors)).toEqual(['events']);
    res = await t.as(key).get('/api/v1/webhooks?per_page=7&page=0').expect(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['page', 'per_page']);

    // A form, with the event field repeated, and duplicates kept once.
    const form = await t
      .as(key)
      .post('/api/v1/webhooks')
      .type('form')
      .send(
        `url=${encodeURIComponent(receiver.url('/hook'))}&events=report.score_changed&events=report.completed&events=report.completed`,
      )
      .expect(201);
    expect(form.body.data.events).toEqual([
      'report.completed',
      'report.score_changed',
    ]);
    expect(form.headers.location).toMatch(
      new RegExp(`/api/v1/webhooks/${form.body.data.id}$`),
    );
  });

  it('shows the secret once: GET and the list do not; rotate-secret gives a new one that signs from then on', async () => {
    const { key } = await t.newAccount();
    const hook = await newWebhook(key, receiver.url('/rotated'), [
      'report.completed',
    ]);
    const got = await t.as(key).get(`/api/v1/webhooks/${hook.id}`).expect(200);
    expect(got.body.data).toEqual({
      id: hook.id,
      url: receiver.url('/rotated'),
      events: ['report.completed'],
      enabled: true,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = await t.as(key).get('/api/v1/webhooks').expect(200);
    expect(list.body.data).toEqual([got.body.data]);
    expect(list.body.meta).toMatchObject({ total: 1, current_page: 1 });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const rotated = await t
      .as(key)
      .post(`/api/v1/webhooks/${hook.id}/rotate-secret`)
      .expect(200);
    const secret = rotated.body.data.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    const again = await t
      .as(key)
      .get(`/api/v1/webhooks/${hook.id}`)
      .expect(200);
    expect(again.body.data.secret).toBeUndefined();

    await t.as(key).createReport({ url: site.url('/page') });
    await deliveriesWhen(key, hook.id, (d) =>
      d.some((x) => x.status === 'succeeded'),
    );
    const [message] = receiver.at('/rotated');
    expect(verifies(secret, message.headers, message.body)).toBe(true);
    expect(verifies(hook.secret, message.headers, message.body)).toBe(false);
  });
});

// An app of its own, started after the others (passport keeps the last app's strategy).
describe('webhook limits: endpoints per account, and endpoints that keep failing', () => {
  let t: TestApp;
  let site: FixtureSite;
  let receiver: Receiver;

  beforeAll(async () => {
    site = await startFixtureSite({
      '/page': (_req, res) => html(res, PAGE('A page for the webhook limits')),
    });
    receiver = await startReceiver();
    t = await startTestApp({
      // One attempt a delivery: the failures are the events', a second apart.
      WEBHOOK_RETRY_DELAYS_MS: '0',
      WEBHOOK_TIMEOUT_MS: '3000',
      WEBHOOKS_PER_ACCOUNT: '2',
      WEBHOOK_DISABLE_AFTER_MS: '1000',
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await receiver?.close();
  });

  it('refuses a webhook past WEBHOOKS_PER_ACCOUNT with a 409 naming the limit; a deleted one makes room', async () => {
    const { key } = await t.newAccount();
    const create = () =>
      t
        .as(key)
        .post('/api/v1/webhooks')
        .send({ url: receiver.url('/a'), events: ['report.completed'] });
    const first = (await create().expect(201)).body.data.id as number;
    await create().expect(201);
    const refused = await create().expect(409);
    expect(refused.body).toMatchObject({
      status: 409,
      limit: { name: 'WEBHOOKS_PER_ACCOUNT', value: 2 },
    });
    expect(refused.body.detail).toContain('WEBHOOKS_PER_ACCOUNT');
    await t.as(key).delete(`/api/v1/webhooks/${first}`).expect(204);
    await create().expect(201);
    // Another account has room of its own.
    const other = await t.newAccount();
    await t
      .as(other.key)
      .post('/api/v1/webhooks')
      .send({ url: receiver.url('/b'), events: ['report.completed'] })
      .expect(201);
  });

  it('disables an endpoint every attempt to which failed for WEBHOOK_DISABLE_AFTER_MS, shows why, and enables it again on request', async () => {
    const { key } = await t.newAccount();
    const hook = (
      await t
        .as(key)
        .post('/api/v1/webhooks')
        .send({ url: receiver.url('/flaky'), events: ['report.completed'] })
        .expect(201)
    ).body.data as { id: number };
    let failing = true;
    receiver.answer = (request, res) => {
      if (request.path !== '/flaky' || !failing) return;
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('down');
    };
    const deliveries = async () =>
      (
        await t
          .as(key)
          .get(`/api/v1/webhooks/${hook.id}/deliveries?per_page=100`)
          .expect(200)
      ).body.data as Array<{ status: string; attempts: unknown[] }>;
    const settled = (n: number) =>
      waitUntil(
        deliveries,
        (all) => all.length === n && all.every((d) => d.status !== 'pending'),
        20_000,
        100,
      );

    await t.as(key).createReport({ url: site.url('/page?1') });
    expect((await settled(1)).map((d) => d.status)).toEqual(['failed']);
    const early = (
      await t.as(key).get(`/api/v1/webhooks/${hook.id}`).expect(200)
    ).body.data;
    // Failing, not yet for WEBHOOK_DISABLE_AFTER_MS: still enabled.
    expect(early).toMatchObject({ enabled: true, disabled_reason: null });
    const failingSince = early.failing_since as string;
    expect(failingSince).not.toBeNull();
    // Failing for longer than WEBHOOK_DISABLE_AFTER_MS: the next failed attempt disables it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await t.as(key).createReport({ url: site.url('/page?2') });
    const second = await settled(2);
    expect(second.map((d) => d.status)).toEqual(['failed', 'failed']);
    const disabled = (
      await t.as(key).get(`/api/v1/webhooks/${hook.id}`).expect(200)
    ).body.data;
    expect(disabled).toMatchObject({
      enabled: false,
      failing_since: failingSince,
    });
    expect(disabled.disabled_reason).toContain(`since ${failingSince}`);
    expect(disabled.disabled_reason).toContain('WEBHOOK_DISABLE_AFTER_MS');
    expect(disabled.disabled_reason).toContain(
      `/api/v1/webhooks/${hook.id}/enable`,
    );

    // Disabled: an event gives it no delivery.
    await t.as(key).createReport({ url: site.url('/page?3') });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await deliveries()).toHaveLength(2);

    failing = false;
    const enabled = (
      await t.as(key).post(`/api/v1/webhooks/${hook.id}/enable`).expect(200)
    ).body.data;
    expect(enabled).toMatchObject({
      enabled: true,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
    });
    await t.as(key).createReport({ url: site.url('/page?4') });
    const third = await settled(3);
    expect(third[0]).toMatchObject({ status: 'succeeded' });
  });
});

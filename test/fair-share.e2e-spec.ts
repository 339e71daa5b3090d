import type { ServerResponse } from 'node:http';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startScaledOut } from './support/scaled-out.js';
import type { ScaledOut } from './support/scaled-out.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';
import { waitUntil } from './support/wait.js';

/**
 * One account's bulk work never holds every slot: another account's quick report, or
 * its webhook delivery, goes through within seconds while the bulk waits its turn.
 * Real processes and real timeouts: pages that never answer hold their analyses until
 * the deadline, endpoints that never answer hold their attempts until the timeout.
 */

/** The most another account's quick work may wait beyond its own time (the bound). */
const FAIRNESS_BOUND_MS = 5_000;

const QUICK_PAGE =
  '<!doctype html><html lang="en"><head><title>A quick page to audit</title></head><body><h1>Quick</h1><p>Answered at once.</p></body></html>';

interface Stalls {
  site: FixtureSite;
  /** Responses held open: the analyses (or deliveries) that wait on them. */
  held: ServerResponse[];
  /** Requests the site has seen, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A site whose /stall never answers and whose /quick answers at once; /hook receives webhooks. */
async function startStalls(received: Array<{ at: number; body: string }>) {
  const held: ServerResponse[] = [];
  const hits = new Map<string, number>();
  const count = (path: string) => hits.set(path, (hits.get(path) ?? 0) + 1);
  const site = await startFixtureSite({
    '/stall': (_req, res) => {
      count('/stall');
      held.push(res);
    },
    '/quick': (_req, res) => {
      count('/quick');
      html(res, QUICK_PAGE);
    },
    '/hook': (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ at: Date.now(), body });
        res.writeHead(204).end();
      });
    },
  });
  return {
    site,
    held,
    hits,
    close: async () => {
      for (const res of held) res.destroy();
      await site.close();
    },
  } satisfies Stalls;
}

/** How long a create that waits for its analysis takes, in ms, and the report. */
async function timedCreate(t: TestApp, key: string, url: string) {
  const started = performance.now();
  const res = await t.as(key).post('/api/v1/reports').send({ url }).expect(201);
  return {
    ms: performance.now() - started,
    report: res.body.data as { id: number; status: string },
  };
}

/**
 * The bulk account's batch of 100 pages that never answer, then the other account's
 * quick report, timed against the same quick report on the idle service.
 */
async function batchBesideQuickReport(t: TestApp, stalls: Stalls) {
  const quiet = await t.newAccount('quiet');
  const bulk = await t.newAccount('bulk');
  const idle = await timedCreate(t, quiet.key, stalls.site.url('/quick?idle'));
  expect(idle.report.status).toBe('completed');
  await t
    .as(bulk.key)
    .post('/api/v1/reports/batch')
    .send({
      reports: Array.from({ length: 100 }, (_, i) => ({
        url: stalls.site.url(`/stall?${i}`),
      })),
    })
    .expect(202);
  // The bulk account holds every slot it may before the quick report comes.
  await waitUntil(
    () => Promise.resolve(stalls.hits.get('/stall') ?? 0),
    (n) => n >= 6,
    20_000,
    50,
  );
  const busy = await timedCreate(t, quiet.key, stalls.site.url('/quick?busy'));
  expect(busy.report.status).toBe('completed');
  return { idleMs: idle.ms, busyMs: busy.ms };
}

describe('fair share between accounts', () => {
  const received: Array<{ at: number; body: string }> = [];
  let stalls: Stalls;

  beforeAll(async () => {
    stalls = await startStalls(received);
  });
  afterAll(() => stalls?.close());

  describe('without Redis: the API runs analyses from the jobs table', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ ANALYZER_DEADLINE_MS: '4000' });
    });
    afterAll(() => t?.close());

    it("a batch of 100 stalling pages does not hold another account's quick report", async () => {
      const { idleMs, busyMs } = await batchBesideQuickReport(t, stalls);
      console.log(
        `jobs table: quick report ${idleMs.toFixed(0)} ms idle, ${busyMs.toFixed(0)} ms beside the batch`,
      );
      expect(busyMs).toBeLessThan(idleMs + FAIRNESS_BOUND_MS);
    }, 60_000);
  });

  describe('scaled out: an API and one worker on Redis', () => {
    let deployment: ScaledOut;

    beforeAll(async () => {
      deployment = await startScaledOut({ ANALYZER_DEADLINE_MS: '4000' });
    }, 120_000);
    afterAll(() => deployment?.close());

    it("a batch of 100 stalling pages does not hold another account's quick report", async () => {
      const { idleMs, busyMs } = await batchBesideQuickReport(
        deployment.api,
        stalls,
      );
      console.log(
        `one worker: quick report ${idleMs.toFixed(0)} ms idle, ${busyMs.toFixed(0)} ms beside the batch`,
      );
      expect(busyMs).toBeLessThan(idleMs + FAIRNESS_BOUND_MS);
    }, 60_000);
  });

  describe('webhook deliveries', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({
        WEBHOOKS_PER_ACCOUNT: '100',
        WEBHOOK_TIMEOUT_MS: '8000',
        WEBHOOK_RETRY_DELAYS_MS: '0,1000,1000',
      });
    });
    afterAll(() => t?.close());

    it("80 endpoints that never answer do not delay another account's delivery", async () => {
      const bulk = await t.newAccount('bulk');
      const quiet = await t.newAccount('quiet');
      for (let i = 0; i < 80; i++) {
        await t
          .as(bulk.key)
          .post('/api/v1/webhooks')
          .send({
            url: stalls.site.url(`/stall?hook-${i}`),
            events: ['report.completed'],
          })
          .expect(201);
      }
      await t
        .as(quiet.key)
        .post('/api/v1/webhooks')
        .send({ url: stalls.site.url('/hook'), events: ['report.completed'] })
        .expect(201);
      const stalledBefore = stalls.hits.get('/stall') ?? 0;
      await timedCreate(t, bulk.key, stalls.site.url('/quick?bulk-event'));
      // The bulk account's deliveries hold what slots they may.
      await waitUntil(
        () => Promise.resolve((stalls.hits.get('/stall') ?? 0) - stalledBefore),
        (n) => n >= 6,
        20_000,
        50,
      );
      const { report } = await timedCreate(
        t,
        quiet.key,
        stalls.site.url('/quick?quiet-event'),
      );
      const settledAt = Date.now();
      const delivery = await waitUntil(
        () =>
          Promise.resolve(
            received.find((r) => r.body.includes(`"id":${report.id},`)),
          ),
        (found) => found !== undefined,
        30_000,
        50,
      );
      expect(delivery).toBeDefined();
      const lateMs = delivery!.at - settledAt;
      console.log(
        `webhooks: the quiet account's delivery arrived ${lateMs} ms after its report settled, beside 80 stalled endpoints`,
      );
      expect(lateMs).toBeLessThan(FAIRNESS_BOUND_MS);
    }, 90_000);
  });
});

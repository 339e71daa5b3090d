import { FakeLabMeasurer } from './support/fake-lab-measurer.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite } from './support/fixture-server.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const PAGE =
  '<!doctype html><html lang="en"><head><title>A page to measure</title></head><body><h1>A page</h1><p>Some words.</p></body></html>';

/**
 * Reports with lab: true wait their turn at the machine's one lab browser. They do it
 * on a queue of their own, one at a time a process: however many are waiting, the
 * other reports keep the analysis slots (here 2, each account's share 1).
 */
describe('reports with lab: true on their own queue', () => {
  let site: FixtureSite;
  let t: TestApp;
  const measurer = new FakeLabMeasurer();

  beforeAll(async () => {
    site = await startFixtureSite({ '/': (_req, res) => html(res, PAGE) });
    t = await startTestApp(
      {
        ANALYSIS_CONCURRENCY: '2',
        ANALYSIS_SLOTS_PER_ACCOUNT: '1',
        LAB_RUNS: '1',
        // Any executable passes the check that Chromium is installed: the fake measures here.
        CHROMIUM_PATH: process.execPath,
      },
      { labMeasurer: measurer },
    );
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const statusOf = async (key: string, id: number) =>
    (await t.as(key).get(`/api/v1/reports/${id}`).expect(200)).body.data
      .status as string;

  /** Until every report is settled, or `ms`; their statuses. */
  async function settled(
    key: string,
    ids: number[],
    ms: number,
  ): Promise<string[]> {
    const until = Date.now() + ms;
    for (;;) {
      const statuses = await Promise.all(ids.map((id) => statusOf(key, id)));
      const done = statuses.every((s) => s === 'completed' || s === 'failed');
      if (done || Date.now() > until) return statuses;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('analyses the other reports while lab reports wait, and measures one at a time', async () => {
    const release = measurer.hold();
    const measuring: Array<{ key: string; id: number }> = [];
    // Two accounts' lab reports: enough to hold both slots, were they on the slots of the others.
    for (const account of [await t.newAccount(), await t.newAccount()]) {
      for (let n = 0; n < 2; n += 1) {
        const created = await t
          .as(account.key)
          .post('/api/v1/reports')
          .set('Prefer', 'respond-async')
          .send({ url: site.url('/'), lab: true })
          .expect(202);
        measuring.push({ key: account.key, id: created.body.data.id });
      }
    }
    const until = Date.now() + 10_000;
    while (measurer.running === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(measurer.running).toBe(1);

    const other = await t.newAccount();
    const plain = await t
      .as(other.key)
      .post('/api/v1/reports')
      .set('Prefer', 'respond-async')
      .send({ url: site.url('/') })
      .expect(202);
    expect(await settled(other.key, [plain.body.data.id], 15_000)).toEqual([
      'completed',
    ]);
    // The lab reports still wait for the lab, one of them in it.
    expect(measurer.running).toBe(1);
    expect(measurer.measured).toEqual([]);

    release();
    for (const { key, id } of measuring) {
      expect(await settled(key, [id], 20_000)).toEqual(['completed']);
    }
    expect(measurer.measured).toHaveLength(4);
    expect(measurer.mostAtOnce).toBe(1);
  });
});

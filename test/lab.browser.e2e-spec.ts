import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Server as TcpServer } from 'node:net';
import { deflateSync } from 'node:zlib';
import { LabError, LighthouseMeasurer } from '../src/lab/index.js';
import type { LabMetricId, LabResult } from '../src/lab/index.js';
import { html, startFixtureSite } from './support/fixture-server.js';
import type { FixtureSite, SiteRequest } from './support/fixture-server.js';
import { runCli } from './support/service-process.js';
import { startTestApp } from './support/test-app.js';
import type { TestApp } from './support/test-app.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A Lighthouse run takes 6-10 s on a quiet 2-core machine and several times that under CI's load.
jest.setTimeout(180_000);

// CI installs Chromium and sets REQUIRE_BROWSER, so there a missing browser fails.
const run =
  existsSync(CHROMIUM) || process.env.REQUIRE_BROWSER
    ? describe
    : describe.skip;

/** A TCP listener on a refused address: it counts every connection, and answers none. */
async function tcpSentinel(
  host: string,
): Promise<{ port: number; connections: () => number; server: TcpServer }> {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    server,
  };
}

/** A PNG of random pixels, stored uncompressed: `width` × `height` × 3 bytes on the wire. */
function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () =>
      Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TEXT =
  '<p>A paragraph of the page, long enough to be read as content by a visitor. </p>'.repeat(
    4,
  );

function metric(result: LabResult, id: LabMetricId) {
  const found = result.metrics.find((m) => m.id === id);
  if (!found)
    throw new Error(`${id} was not measured: ${result.warnings.join(' ')}`);
  return found;
}

run('lab measurements with Lighthouse', () => {
  let site: FixtureSite;
  let requests: SiteRequest[];
  let v4: Awaited<ReturnType<typeof tcpSentinel>>;
  let v6: Awaited<ReturnType<typeof tcpSentinel>>;
  let measurer: LighthouseMeasurer;
  const image = noisePng(600, 600);

  beforeAll(async () => {
    v4 = await tcpSentinel('127.0.0.2');
    v6 = await tcpSentinel('::1');
    requests = [];
    site = await startFixtureSite(
      {
        '/fast': (_req, res) =>
          html(
            res,
            `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Fast</title></head><body><h1>Fast</h1>${TEXT}</body></html>`,
          ),
        // The largest element is a 1 MB image: under simulated throttling (1.6 Mbps) its
        // bytes alone take about 5 s, whatever this machine's own loopback does.
        '/late-image': (_req, res) =>
          html(
            res,
            `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Late image</title></head><body><h1>Late image</h1><img src="/large.png" width="400" height="400" style="width:100%;height:auto" alt="noise">${TEXT}</body></html>`,
          ),
        '/large.png': (_req, res) => {
          res.writeHead(200, {
            'content-type': 'image/png',
            'content-length': image.length,
          });
          res.end(image);
        },
        // Two banners pushed in above the text after the page loaded, each moving all of it down.
        '/shift': (_req, res) =>
          html(
            res,
            `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Shift</title></head><body><h1>Shifting</h1><div id="content">${TEXT.repeat(3)}</div><script>
addEventListener('load', () => {
  const push = () => { const b = document.createElement('div'); b.style.height = '300px'; b.style.background = '#c00'; document.body.insertBefore(b, document.getElementById('content')); };
  setTimeout(push, 100);
  setTimeout(push, 400);
});
</script></body></html>`,
          ),
        // Blocking tasks after the first paint: Total Blocking Time counts only tasks
        // between First Contentful Paint and Time to Interactive, so a busy loop in the
        // head (which only delays the first paint) adds nothing. These run from the load
        // event, after the text is painted; simulated throttling multiplies each by the
        // CPU slowdown (4) and counts what passes 50 ms.
        '/blocking': (_req, res) =>
          html(
            res,
            `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Blocking</title></head><body><h1>Blocking</h1>${TEXT}<script>
const busy = (ms) => { const end = performance.now() + ms; while (performance.now() < end) {} };
addEventListener('load', () => {
  let left = 4;
  const next = () => { busy(250); if (--left > 0) setTimeout(next, 20); };
  setTimeout(next, 50);
});
</script></body></html>`,
          ),
        '/reaching-out': (_req, res) =>
          html(
            res,
            `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Reaching out</title></head><body><h1>Reaching out</h1>${TEXT}
<img src="http://127.0.0.2:${v4.port}/img" alt="">
<img src="http://[::1]:${v6.port}/img" alt="">
<script>
fetch('http://127.0.0.2:${v4.port}/fetch').catch(() => {});
fetch('http://[::1]:${v6.port}/fetch').catch(() => {});
fetch('https://127.0.0.2:${v4.port}/tls').catch(() => {});
new WebSocket('ws://[::1]:${v6.port}/socket');
navigator.sendBeacon('http://127.0.0.2:${v4.port}/beacon', 'x');
</script></body></html>`,
          ),
        '/leave': (_req, res) => {
          res.writeHead(302, { location: `http://127.0.0.2:${v4.port}/left` });
          res.end();
        },
      },
      { requests },
    );
    measurer = new LighthouseMeasurer({
      allowHosts: ['127.0.0.1'],
      executablePath: CHROMIUM,
    });
  });

  afterAll(async () => {
    await site?.close();
    for (const sentinel of [v4, v6]) {
      await new Promise((resolve) => sentinel?.server.close(resolve));
    }
  });

  /** Each fixture page's measure by runs, measured once for the tests that read it. */
  const measured = new Map<string, Promise<LabResult>>();
  const measure = (path: string, runs: number) => {
    const key = `${path} ${runs}`;
    if (!measured.has(key)) {
      measured.set(key, measurer.measure(site.url(path), { runs }));
    }
    return measured.get(key)!;
  };

  it('finds a fast page good on every metric, with the settings it ran with', async () => {
    const result = await measure('/fast', 3);
    expect(result.metrics.map((m) => [m.id, m.band])).toEqual([
      ['largest_contentful_paint', 'good'],
      ['cumulative_layout_shift', 'good'],
      ['total_blocking_time', 'good'],
      ['first_contentful_paint', 'good'],
      ['speed_index', 'good'],
    ]);
    expect(result.performance_score).toBeGreaterThanOrEqual(90);
    expect(result).toMatchObject({
      url: site.url('/fast'),
      runs: 3,
      settings: {
        tool: 'lighthouse',
        tool_version: '13.5.0',
        form_factor: 'mobile',
        throttling_method: 'simulate',
        throttling: expect.objectContaining({
          rttMs: 150,
          cpuSlowdownMultiplier: 4,
        }) as unknown,
      },
    });
    // The browser's full version, not its user agent's reduced 156.0.0.0.
    expect(result.settings.browser_version).toMatch(
      /^\d+\.\d+\.[1-9]\d*\.\d+$/,
    );
  });

  it('moves Largest Contentful Paint past good for a large late image', async () => {
    const result = await measure('/late-image', 1);
    const lcp = metric(result, 'largest_contentful_paint');
    expect(lcp.band).toBe('poor');
    expect(lcp.value).toBeGreaterThan(4000);
  });

  it('finds layout shift poor when a script pushes the content down', async () => {
    const result = await measure('/shift', 1);
    const cls = metric(result, 'cumulative_layout_shift');
    expect(cls.band).toBe('poor');
    expect(metric(result, 'largest_contentful_paint').band).toBe('good');
  });

  it('finds blocking time poor for long tasks after the first paint', async () => {
    const result = await measure('/blocking', 1);
    const tbt = metric(result, 'total_blocking_time');
    expect(tbt.band).toBe('poor');
    expect(metric(result, 'cumulative_layout_shift').band).toBe('good');
  });

  it('gives each fixture page the same bands with 1 run as with 3: the warm-up load counts for none', async () => {
    const bands = (result: LabResult) =>
      result.metrics.map((m) => `${m.id} ${m.band}`);
    for (const path of ['/fast', '/late-image', '/shift', '/blocking']) {
      const [one, three] = await Promise.all([
        measure(path, 1),
        measure(path, 3),
      ]);
      expect([path, bands(one)]).toEqual([path, bands(three)]);
    }
  }, 240_000);

  it('lets no request of the page reach a refused address', async () => {
    const result = await measurer.measure(site.url('/reaching-out'), {
      runs: 1,
    });
    expect(metric(result, 'first_contentful_paint').value).toBeGreaterThan(0);
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('refuses a page that redirects to a refused address, and reaches nothing', async () => {
    const error = await measurer.measure(site.url('/leave'), { runs: 1 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LabError);
    expect(error).toMatchObject({ code: 'blocked' });
    expect(v4.connections()).toBe(0);
  });

  it('says the browser is missing when it is', async () => {
    const missing = new LighthouseMeasurer({
      executablePath: '/nonexistent/chromium',
    });
    await expect(
      missing.measure(site.url('/fast'), { runs: 1 }),
    ).rejects.toMatchObject({
      code: 'browser_missing',
      message: expect.stringContaining('apt-get install chromium') as unknown,
    });
  });

  it("measures in a process of its own, past the heap cap a worker's NODE_OPTIONS sets", async () => {
    const before = process.env.NODE_OPTIONS;
    // Far under what Lighthouse needs: its process must not inherit it.
    process.env.NODE_OPTIONS = '--max-old-space-size=48';
    try {
      const result = await measurer.measure(site.url('/fast'), { runs: 1 });
      expect(result.runs).toBe(1);
    } finally {
      if (before === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = before;
    }
  });

  it('takes turns: two measures at once never overlap on the machine', async () => {
    requests.length = 0;
    // Each page loads its document and then its image: taken in turns, the requests
    // of one measure all come before the other's.
    await Promise.all([
      measurer.measure(`${site.url('/late-image')}?a`, { runs: 1 }),
      new LighthouseMeasurer({
        allowHosts: ['127.0.0.1'],
        executablePath: CHROMIUM,
      }).measure(`${site.url('/fast')}?b`, { runs: 1 }),
    ]);
    const order = requests
      .filter((r) => ['/late-image', '/large.png', '/fast'].includes(r.path))
      .map((r) => (r.path === '/fast' ? 'b' : 'a'));
    const changes = order.filter((m, i) => i > 0 && m !== order[i - 1]).length;
    expect(new Set(order)).toEqual(new Set(['a', 'b']));
    expect(changes).toBe(1);
  });

  it('repeats on an unchanged page within 25% or 200 ms of its own medians', async () => {
    const first = await measurer.measure(site.url('/fast'), { runs: 3 });
    const second = await measurer.measure(site.url('/fast'), { runs: 3 });
    const medians = first.metrics.map((m) => ({
      id: m.id,
      first: m.value,
      second: metric(second, m.id).value,
      runs: [m.runs, metric(second, m.id).runs],
    }));
    // Printed for the record (docs/lab.md): what a repeat gave on this machine.
    console.log(JSON.stringify(medians));
    for (const { id, first: a, second: b } of medians) {
      const floor = id === 'cumulative_layout_shift' ? 0.05 : 200;
      expect({
        id,
        apart: Math.abs(a - b) <= Math.max(0.25 * Math.max(a, b), floor),
      }).toEqual({
        id,
        apart: true,
      });
    }
    expect(first.runs).toBe(3);
    expect(second.runs).toBe(3);
  }, 180_000);
});

/** A report with lab: true, through the API: the lab section, and its score counted in. */
run('reports with lab: true', () => {
  let site: FixtureSite;
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    site = await startFixtureSite({
      // Blocking tasks after the first paint (as above): the lab's score is low, the raw checks' high.
      '/blocking': (_req, res) =>
        html(
          res,
          `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Blocking</title></head><body><h1>Blocking</h1>${TEXT}<script>
const busy = (ms) => { const end = performance.now() + ms; while (performance.now() < end) {} };
addEventListener('load', () => {
  let left = 4;
  const next = () => { busy(250); if (--left > 0) setTimeout(next, 20); };
  setTimeout(next, 50);
});
</script></body></html>`,
        ),
    });
    // One run a report: the medians' arithmetic is the unit tests'; this is the flow.
    t = await startTestApp({ CHROMIUM_PATH: CHROMIUM, LAB_RUNS: '1' });
    key = (await t.newAccount()).key;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  /** The report made public, and its share page as a visitor gets it. */
  async function sharedPage(id: number): Promise<string> {
    const shared = await t
      .as(key)
      .put(`/api/v1/reports/${id}`)
      .send({ privacy: 0 })
      .expect(200);
    const path = new URL(shared.body.data.share_url as string).pathname;
    return (await t.anonymous().get(path).expect(200)).text;
  }

  it('adds the lab section to the results and counts its score in performance', async () => {
    const raw = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/blocking') })
        .expect(201)
    ).body.data;
    const measured = (
      await t
        .as(key)
        .post('/api/v1/reports')
        .send({ url: site.url('/blocking'), lab: true })
        .expect(201)
    ).body.data;
    expect(raw).toMatchObject({ status: 'completed', lab: false });
    expect(raw.results.lab).toBeUndefined();
    expect(measured).toMatchObject({ status: 'completed', lab: true });
    const lab = measured.results.lab as LabResult;
    expect(lab).toMatchObject({ url: site.url('/blocking'), runs: 1 });
    expect(metric(lab, 'total_blocking_time').band).toBe('poor');
    expect(lab.performance_score).toBeLessThan(90);
    // The lab weighs as much as the raw performance checks: their mean, within rounding.
    const rawPerformance = raw.results.categories.performance.score as number;
    expect(
      Math.abs(
        measured.results.categories.performance.score -
          (rawPerformance + lab.performance_score) / 2,
      ),
    ).toBeLessThanOrEqual(1);
    expect(measured.results.categories.seo).toEqual(raw.results.categories.seo);
    // Read back as stored.
    const stored = await t
      .as(key)
      .get(`/api/v1/reports/${measured.id}`)
      .expect(200);
    expect(stored.body.data.results.lab).toEqual(lab);
    // Its share page shows the lab figures beside the checks.
    const page = await sharedPage(measured.id as number);
    expect(page).toContain('<h2>Lab performance</h2>');
    expect(page).toContain(
      `Performance <strong>${lab.performance_score}</strong> of 100`,
    );
    expect(page).toMatch(
      /<dt>Total Blocking Time<\/dt><dd><strong class="bad">\d+ ms<\/strong> poor/,
    );
    const plain = await sharedPage(raw.id as number);
    expect(plain).toContain('<h2>Page facts</h2>');
    expect(plain).not.toContain('Lab performance');
  });

  it('measures with analyse --lab on the command line, and says what to install without Chromium', async () => {
    const env = { ANALYZER_ALLOW_HOSTS: '127.0.0.1', LAB_RUNS: '1' };
    const json = await runCli(
      ['analyse', site.url('/blocking'), '--lab', '--json'],
      { ...env, CHROMIUM_PATH: CHROMIUM },
    );
    expect(json).toMatchObject({ status: 0 });
    const results = JSON.parse(json.stdout) as {
      lab: LabResult;
      categories: { performance: { score: number } };
    };
    expect(results.lab).toMatchObject({ runs: 1, url: site.url('/blocking') });
    expect(metric(results.lab, 'total_blocking_time').band).toBe('poor');
    const missing = await runCli(['analyse', site.url('/blocking'), '--lab'], {
      ...env,
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('apt-get install chromium');
  });
});

import type { TargetProbe } from '../types.js';
import { ProbeCache } from './probe-answers.js';

const answer = (
  url: string,
  fields: Partial<TargetProbe> = {},
): TargetProbe => ({
  url,
  status: 200,
  location: null,
  robots: [],
  error: null,
  ...fields,
});

/** An ask that counts its calls and answers `fields` for the URL. */
function asker(url: string, fields: Partial<TargetProbe> = {}) {
  const ask = Object.assign(
    () => {
      ask.calls++;
      return Promise.resolve(answer(url, fields));
    },
    { calls: 0 },
  );
  return ask;
}

describe('ProbeCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 0;
  });

  it('keeps an answer for its time to live, then asks again', async () => {
    const answers = new ProbeCache(
      { ttlMs: 1000, maxEntries: 10, maxAnswerChars: 4096 },
      clock,
    ).part();
    const ask = asker('https://a.example/');
    const question = { url: 'https://a.example/', robots: false };
    await answers.answer(question, ask);
    now = 999;
    await answers.answer(question, ask);
    expect(ask.calls).toBe(1);
    now = 1000;
    await answers.answer(question, ask);
    expect(ask.calls).toBe(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = new ProbeCache(
      { ttlMs: 60_000, maxEntries: 3, maxAnswerChars: 4096 },
      clock,
    );
    const answers = cache.part();
    const asks = [0, 1, 2, 3].map((n) => asker(`https://a.example/${n}`));
    for (const [n, ask] of asks.entries()) {
      now = n;
      await answers.answer(
        { url: `https://a.example/${n}`, robots: false },
        ask,
      );
    }
    expect(cache.size).toBe(3);
    await answers.answer(
      { url: 'https://a.example/0', robots: false },
      asks[0],
    );
    await answers.answer(
      { url: 'https://a.example/3', robots: false },
      asks[3],
    );
    expect(asks[0].calls).toBe(2);
    expect(asks[3].calls).toBe(1);
    expect(cache.size).toBe(3);
  });

  it('drops expired answers when it keeps a new one', async () => {
    const cache = new ProbeCache(
      { ttlMs: 10, maxEntries: 100, maxAnswerChars: 4096 },
      clock,
    );
    const answers = cache.part();
    for (let n = 0; n < 50; n++) {
      now = n;
      await answers.answer(
        { url: `https://a.example/${n}`, robots: false },
        asker(`https://a.example/${n}`),
      );
    }
    expect(cache.size).toBe(10);
  });

  it('does not keep a timeout, nor an answer too large to be worth it', async () => {
    const cache = new ProbeCache(
      { ttlMs: 60_000, maxEntries: 10, maxAnswerChars: 100 },
      clock,
    );
    const answers = cache.part();
    const timeout = asker('https://a.example/slow', {
      status: null,
      error: 'timeout',
    });
    const long = `https://a.example/${'x'.repeat(200)}`;
    const large = asker(long);
    for (let run = 0; run < 2; run++) {
      await answers.answer(
        { url: 'https://a.example/slow', robots: false },
        timeout,
      );
      await answers.answer({ url: long, robots: false }, large);
    }
    expect([timeout.calls, large.calls]).toEqual([2, 2]);
    expect(cache.size).toBe(0);
  });

  it('keeps a failure that is an answer (a refused connection, a 404)', async () => {
    const answers = new ProbeCache(undefined, clock).part();
    const refused = asker('https://a.example/', {
      status: null,
      error: 'connection',
    });
    await answers.answer({ url: 'https://a.example/', robots: false }, refused);
    await answers.answer({ url: 'https://a.example/', robots: false }, refused);
    expect(refused.calls).toBe(1);
  });

  it('serves a question without robots from an answer with them, never the reverse', async () => {
    const answers = new ProbeCache(undefined, clock).part();
    const url = 'https://a.example/canonical';
    const head = asker(url);
    const withRobots = asker(url, { robots: ['noindex'] });
    await answers.answer({ url, robots: false }, head);
    expect(await answers.answer({ url, robots: true }, withRobots)).toEqual(
      answer(url, { robots: ['noindex'] }),
    );
    await answers.answer({ url, robots: false }, head);
    await answers.answer({ url, robots: true }, withRobots);
    expect([head.calls, withRobots.calls]).toEqual([1, 1]);
  });

  it('shares one ask among questions asked at once', async () => {
    const answers = new ProbeCache(undefined, clock).part();
    let release!: (probe: TargetProbe) => void;
    let calls = 0;
    const ask = () => {
      calls++;
      return new Promise<TargetProbe>((resolve) => {
        release = resolve;
      });
    };
    const question = { url: 'https://a.example/', robots: false };
    const both = Promise.all([
      answers.answer(question, ask),
      answers.answer(question, ask),
    ]);
    release(answer('https://a.example/'));
    expect(await both).toEqual([
      answer('https://a.example/'),
      answer('https://a.example/'),
    ]);
    expect(calls).toBe(1);
  });

  it('lets a question that waited on a shared timeout ask for itself', async () => {
    const answers = new ProbeCache(undefined, clock).part();
    let release!: (probe: TargetProbe) => void;
    const slow = () =>
      new Promise<TargetProbe>((resolve) => {
        release = resolve;
      });
    const own = asker('https://a.example/');
    const question = { url: 'https://a.example/', robots: false };
    const asking = answers.answer(question, slow);
    const waiting = answers.answer(question, own);
    expect(own.calls).toBe(0);
    release(answer('https://a.example/', { status: null, error: 'timeout' }));
    expect((await asking).error).toBe('timeout');
    expect(await waiting).toEqual(answer('https://a.example/'));
    expect(own.calls).toBe(1);
  });

  it('keeps the answers of one part from another', async () => {
    const cache = new ProbeCache(undefined, clock);
    const [one, two] = [cache.part(), cache.part()];
    const ask = asker('https://a.example/');
    const question = { url: 'https://a.example/', robots: false };
    await one.answer(question, ask);
    await two.answer(question, ask);
    await one.answer(question, ask);
    expect(ask.calls).toBe(2);
  });
});

import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('lets the limit through, refuses the next with the seconds left, and frees slots as they age', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('a')).toBe(0);
    now += 10_000;
    expect(limiter.take('a')).toBe(0);
    now += 5_000;
    expect(limiter.take('a')).toBe(45);
    expect(limiter.take('b')).toBe(0);
    now += 45_000;
    // The first event left the window; the second (at +10 s) is still in it.
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(10);
  });

  it('allows no burst across a window boundary', () => {
    let now = 0;
    const limiter = new RateLimiter(5, 900_000, () => now);
    now = 899_000;
    for (let i = 0; i < 5; i++) expect(limiter.take('k')).toBe(0);
    now = 901_000;
    expect(limiter.take('k')).toBeGreaterThan(0);
    now = 899_000 + 900_000;
    expect(limiter.take('k')).toBe(0);
  });

  it('does not count a refused event', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 60_000, () => now);
    expect(limiter.take('k')).toBe(0);
    for (let i = 0; i < 10; i++) expect(limiter.take('k')).toBe(60);
    now = 60_000;
    expect(limiter.take('k')).toBe(0);
  });

  it('wait() tells whether the next event would pass without counting it', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 600_000, () => now);
    expect(limiter.wait('k')).toBe(0);
    limiter.take('k');
    expect(limiter.wait('k')).toBe(0);
    limiter.take('k');
    now += 100_000;
    expect(limiter.wait('k')).toBe(500);
    expect(limiter.wait('k')).toBe(500);
    now += 500_000;
    expect(limiter.wait('k')).toBe(0);
  });

  it('untake() gives back the latest event', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    expect(limiter.take('k')).toBe(0);
    expect(limiter.wait('k')).toBe(60);
    limiter.untake('k');
    expect(limiter.wait('k')).toBe(0);
    limiter.untake('never-seen');
  });

  it('keeps at most maxKeys keys, dropping expired ones first, then the least recently used', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1_000, () => now, 10);
    limiter.take('old');
    now = 2_000;
    limiter.take('busy');
    for (let i = 0; i < 8; i++) limiter.take(`k${i}`);
    limiter.take('busy-again');
    // 'old' had expired and went first; the live 'busy' key is still limited.
    expect(limiter.wait('busy')).toBe(1);
    for (let i = 0; i < 100; i++) limiter.take(`flood${i}`);
    // Memory stays bounded under a flood of new keys.
    expect(
      (limiter as unknown as { events: Map<string, number[]> }).events.size,
    ).toBeLessThanOrEqual(10);
  });
});

import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('lets the limit through, refuses the next with the seconds left, and resets', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0);
    now += 15_000;
    expect(limiter.take('a')).toBe(45);
    expect(limiter.take('b')).toBe(0);
    now += 45_000;
    expect(limiter.take('a')).toBe(0);
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
});

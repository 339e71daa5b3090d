import { jest } from '@jest/globals';
import { NetworkQuiet } from './network-quiet.js';

describe('NetworkQuiet', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  /** Settles the promise's outcome into a value the test can read synchronously. */
  function track(promise: Promise<boolean>): { value?: boolean } {
    const box: { value?: boolean } = {};
    void promise.then((value) => (box.value = value));
    return box;
  }

  it('is quiet once nothing has been in flight for the quiet time', async () => {
    const quiet = new NetworkQuiet<string>(() => Date.now());
    quiet.started('a');
    const result = track(quiet.whenQuiet(500, 10_000));
    await jest.advanceTimersByTimeAsync(1000);
    expect(result.value).toBeUndefined();
    quiet.ended('a');
    await jest.advanceTimersByTimeAsync(499);
    expect(result.value).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(result.value).toBe(true);
  });

  it('starts the quiet time again when a request starts within it', async () => {
    const quiet = new NetworkQuiet<string>(() => Date.now());
    const result = track(quiet.whenQuiet(500, 10_000));
    await jest.advanceTimersByTimeAsync(400);
    quiet.started('late');
    await jest.advanceTimersByTimeAsync(200);
    quiet.ended('late');
    await jest.advanceTimersByTimeAsync(499);
    expect(result.value).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(result.value).toBe(true);
  });

  it('gives up at the deadline when a request never ends', async () => {
    const quiet = new NetworkQuiet<string>(() => Date.now());
    quiet.started('long poll');
    const result = track(quiet.whenQuiet(500, 3000));
    await jest.advanceTimersByTimeAsync(2999);
    expect(result.value).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(result.value).toBe(false);
    expect(quiet.pending).toBe(1);
  });

  it('counts every request started, ended or not', () => {
    const quiet = new NetworkQuiet<string>(() => Date.now());
    quiet.started('a');
    quiet.ended('a');
    quiet.started('b');
    expect(quiet.startedSoFar).toBe(2);
    expect(quiet.pending).toBe(1);
  });

  it('ignores the end of a request it never saw start', () => {
    const quiet = new NetworkQuiet<string>(() => Date.now());
    quiet.started('a');
    quiet.ended('b');
    expect(quiet.pending).toBe(1);
  });
});

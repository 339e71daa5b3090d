import { execFileSync } from 'node:child_process';
import { signalWithin } from './deadline.js';

describe('signalWithin', () => {
  it('aborts with a TimeoutError once its time has passed', async () => {
    const signal = signalWithin(20);
    await new Promise((resolve) =>
      signal.addEventListener('abort', resolve, { once: true }),
    );
    expect((signal.reason as Error).name).toBe('TimeoutError');
  });

  it('aborts with the reason of a signal it follows, at once', () => {
    const stop = new AbortController();
    const signal = signalWithin(60_000, stop.signal);
    stop.abort(new Error('stopped'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('stopped');
  });

  it('is aborted already when a signal it follows is', () => {
    const signal = signalWithin(60_000, AbortSignal.abort('gone'));
    expect(signal.reason).toBe('gone');
  });

  it('fires after garbage collection that nothing else survives (nodejs/node#57736)', () => {
    // A process of its own, with gc exposed: the deadline of a wait nothing else refers to.
    const script = `
      ${signalWithin.toString()}
      const signal = signalWithin(200);
      const fired = new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason.name)));
      const garbage = setInterval(() => { for (let i = 0; i < 50; i++) new Array(1e4).fill(i); globalThis.gc(); }, 10);
      const late = new Promise((resolve) => setTimeout(() => resolve('never fired'), 2000));
      Promise.race([fired, late]).then((said) => { clearInterval(garbage); console.log(said); });
    `;
    const said = execFileSync(process.execPath, ['--expose-gc', '-e', script], {
      encoding: 'utf8',
    }).trim();
    expect(said).toBe('TimeoutError');
  });
});

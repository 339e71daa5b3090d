import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { LabError } from './lab-result.js';
import type { LighthouseRunReport } from './lighthouse-result.js';

/** Lighthouse's programmatic entry, as a URL its process imports. */
const LIGHTHOUSE_URL = pathToFileURL(
  createRequire(import.meta.url).resolve('lighthouse'),
).href;

/**
 * The process's program: Lighthouse loaded once, then each run's result as one line
 * of JSON (its LHR, or the error it threw), then an exit of its own; Lighthouse's
 * command line lingers about 5 s after its result on this machine.
 */
const PROGRAM = `
const [url, port, runs] = process.argv.slice(1);
const { default: lighthouse } = await import(${JSON.stringify(LIGHTHOUSE_URL)});
const write = (line) => new Promise((resolve) => process.stdout.write(line + '\\n', resolve));
for (let n = 0; n < Number(runs); n += 1) {
  try {
    const result = await lighthouse(url, { port: Number(port), onlyCategories: ['performance'], logLevel: 'silent' });
    await write(JSON.stringify(result ? result.lhr : { error: 'Lighthouse gave no result.' }));
  } catch (error) {
    await write(JSON.stringify({ error: String(error && error.message ? error.message : error) }));
  }
}
process.exit(0);
`;

/** Lighthouse's heap: a run's trace of a heavy page takes hundreds of MB. */
const LIGHTHOUSE_HEAP_MB = 1024;

/** The most of the process's stderr kept to say why it failed. */
const STDERR_KEPT = 4_000;

/** One run's outcome: Lighthouse's result, or why the run threw. */
export type LighthouseRunOutcome =
  { report: LighthouseRunReport } | { error: string };

/**
 * Runs Lighthouse `runs` times against the browser on `port`, in a Node process of
 * its own: the runs' memory (traces, Lighthouse's own hundreds of MB) goes with it,
 * and a run past `runTimeoutMs` or an abort kills it rather than leaving it running.
 * Yields each run's outcome as it ends.
 */
export async function* lighthouseRuns(
  url: string,
  port: number,
  runs: number,
  options: { runTimeoutMs: number; signal?: AbortSignal },
): AsyncGenerator<LighthouseRunOutcome> {
  const child = spawn(
    process.execPath,
    [
      // A worker's own heap cap (NODE_OPTIONS, docs/operations.md) is not Lighthouse's: its traces need more.
      `--max-old-space-size=${LIGHTHOUSE_HEAP_MB}`,
      '--input-type=module',
      '-e',
      PROGRAM,
      url,
      String(port),
      String(runs),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  const lines: string[] = [];
  let partial = '';
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    notify();
  });
  child.once('close', () => {
    closed = true;
    notify();
  });
  let stopped: Error | undefined;
  const stop = (reason: Error) => {
    stopped ??= reason;
    child.kill('SIGKILL');
  };
  const onAbort = () => stop(options.signal?.reason as Error);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (let n = 0; n < runs; n += 1) {
      const timeout = setTimeout(
        () =>
          stop(
            new LabError(
              'timeout',
              `A Lighthouse run of ${url} took longer than ${options.runTimeoutMs / 1000} s.`,
            ),
          ),
        options.runTimeoutMs,
      );
      try {
        while (lines.length === 0 && !closed && !stopped) {
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        clearTimeout(timeout);
      }
      if (stopped) throw stopped;
      const line = lines.shift();
      if (line === undefined) {
        throw new LabError(
          'failed',
          `Lighthouse's process ended after ${n} of ${runs} runs: ${stderr.trim()}`,
        );
      }
      const parsed = JSON.parse(line) as
        LighthouseRunReport | { error: string };
      yield 'error' in parsed ? { error: parsed.error } : { report: parsed };
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (!closed) child.kill('SIGKILL');
  }
}

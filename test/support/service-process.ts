import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** A built entry point of the service, run as its own process. */
export interface ServiceProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** The API's address (http://127.0.0.1:port); null for a worker. */
  base: string | null;
  startedInMs: number;
  /** SIGTERM, then waits for the exit; answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no chance to hand anything back. */
  kill(): Promise<void>;
}

/** The test's environment plus `env`; an undefined value removes a variable. */
function environment(
  env: Record<string, string | undefined>,
): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built command line (dist/cli/main.js) without blocking: the fixture site, or
 * the embedded database, may answer from this very process.
 */
export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliRun> {
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args], {
    env: environment(env),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

/** What each entry point prints once it is ready. */
const READY = {
  'dist/main.js': /docs on http:\/\/localhost:(\d+)\/docs/,
  'dist/worker.js': /Running up to \d+ analyses at a time/,
} as const;

/**
 * Starts `dist/main.js` (an API, on a free port) or `dist/worker.js` with the test's
 * environment plus `env` (undefined removes a variable), and waits until it is ready.
 */
export async function startService(
  entry: keyof typeof READY,
  env: Record<string, string | undefined>,
): Promise<ServiceProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: environment({ PORT: '0', ...env }),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      child.kill('SIGKILL');
      reject(new Error(`${entry} was not ready in time:\n${output}`));
    }, 60_000);
    const poll = setInterval(() => {
      const match = READY[entry].exec(output);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    base: ready[1] ? `http://127.0.0.1:${ready[1]}` : null,
    startedInMs: performance.now() - started,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
      }
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
}

/** Stops each (SIGTERM, then SIGKILL after 15 s), all at once: a benchmark's last step. */
export async function stopServices(services: ServiceProcess[]): Promise<void> {
  await Promise.all(
    services.map((s) =>
      Promise.race([
        s.stop(),
        new Promise<void>((resolve) => setTimeout(resolve, 15_000)).then(() =>
          s.kill(),
        ),
      ]),
    ),
  );
}

/** An API key made by the built CLI against the service's database (`env`), as the README makes one. */
export function createApiKey(
  env: Record<string, string>,
  name: string,
): string {
  return execFileSync(
    process.execPath,
    ['dist/cli/main.js', 'keys:create', '--name', name],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .at(-1)!;
}

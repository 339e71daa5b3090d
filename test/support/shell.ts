import { spawn } from 'node:child_process';

export interface ShellRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a shell a person opened, plus `env`: none of the npm_* variables
 * the `npm test` running the suite passed down (npm_config_loglevel would decide npm's
 * banners), so the project's own .npmrc is what a command meets.
 */
export function shellEnvironment(
  env: Record<string, string>,
): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.toLowerCase().startsWith('npm_'),
    ),
  );
  return { ...clean, ...env };
}

/** Runs a script in bash, as it is typed, from the project's folder. */
export function sh(
  script: string,
  env: Record<string, string>,
): Promise<ShellRun> {
  const child = spawn('bash', ['-o', 'pipefail', '-c', script], {
    env: shellEnvironment(env),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

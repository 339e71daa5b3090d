import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { postgresServerBin } from './global-setup.js';
import { freePort } from './network.js';

function pgBin(program: string): string {
  const bin = postgresServerBin();
  if (!bin) {
    throw new Error(
      `${program} not found: neither on PATH nor in pg_config --bindir (see docs/development.md)`,
    );
  }
  return join(bin, program);
}

/** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
function asServerUser(program: string, args: string[]): void {
  const [command, argv] =
    userInfo().uid === 0
      ? ['runuser', ['-u', 'postgres', '--', pgBin(program), ...args]]
      : [pgBin(program), args];
  execFileSync(command, argv, { stdio: 'pipe' });
}

/**
 * A PostgreSQL cluster of the test's own, on another port, that a fault test may stop
 * and start: never the machine's shared server.
 */
export class ThrowawayPostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<ThrowawayPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'report-service-pg-'));
    // The server's own user owns its files when it runs as that user.
    if (userInfo().uid === 0) execFileSync('chown', ['postgres', dir]);
    asServerUser('initdb', [
      '-D',
      join(dir, 'data'),
      '-A',
      'trust',
      '-U',
      'postgres',
    ]);
    const cluster = new ThrowawayPostgres(dir, await freePort());
    cluster.start();
    return cluster;
  }

  start(): void {
    asServerUser('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** Stops it at once, dropping every connection, as a crash or an outage would. */
  stop(): void {
    asServerUser('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-m',
      'immediate',
      '-w',
      'stop',
    ]);
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // Stopped already.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

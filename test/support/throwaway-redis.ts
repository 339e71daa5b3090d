import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './network.js';
import { waitUntil } from './wait.js';

/**
 * A Redis server of the test's own, on another port, keeping nothing on disk (as the
 * compose file's): a fault test may stop it and start it again empty. Never the
 * machine's shared one.
 */
export class ThrowawayRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Its process, while it runs: a benchmark counts its CPU. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  static async create(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freePort());
    await redis.start();
    return redis;
  }

  /** Starts it (empty), and waits until it answers. */
  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore' },
    );
    const probe = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    // Refused until the server listens: each try's error is the answer, not an event to log.
    probe.on('error', () => undefined);
    try {
      const answered = await waitUntil(
        () =>
          probe
            .connect()
            .then(() => probe.ping())
            .then(() => true)
            .catch(() => {
              probe.disconnect();
              return false;
            }),
        (up) => up,
        10_000,
        100,
      );
      if (!answered)
        throw new Error(`redis-server on ${this.port} did not start`);
    } finally {
      probe.disconnect();
    }
  }

  /**
   * SIGSTOP: connections stay open and new ones are accepted, but nothing is answered,
   * as when the network to Redis drops packets.
   */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT: it answers again, with what it held. */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** SIGKILL: whatever it held is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}

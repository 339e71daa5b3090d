import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  HostGate,
  leasedTurn,
  pause,
  TURN_LEASE_MS,
  TURN_POLL_MS,
} from './host-gate.js';
import type { HostPoliteness, HostTurn } from './host-gate.js';

/**
 * The gate of several processes on one PostgreSQL without Redis: a try is one
 * transaction under the host's advisory lock (host_leases, host_pacing).
 */
export class PostgresHostGate extends HostGate {
  constructor(private readonly db: DataSource) {
    super();
  }

  async acquire(
    host: string,
    { concurrency, delayMs }: HostPoliteness,
    signal: AbortSignal,
  ): Promise<HostTurn> {
    const token = randomUUID();
    for (;;) {
      const wait = await this.tryTake(host, token, concurrency, delayMs);
      if (wait === 0) break;
      await pause(wait > 0 ? Math.min(wait, 1_000) : TURN_POLL_MS, signal);
    }
    return leasedTurn(
      () =>
        this.db.query(
          `UPDATE host_leases
           SET expires_at = clock_timestamp() + $2::int * interval '1 millisecond'
           WHERE token = $1`,
          [token, TURN_LEASE_MS],
        ),
      () => this.db.query(`DELETE FROM host_leases WHERE token = $1`, [token]),
    );
  }

  /** 0 when the turn is taken; else the ms to wait (-1: the host is full). */
  private tryTake(
    host: string,
    token: string,
    concurrency: number,
    delayMs: number,
  ): Promise<number> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
        `host:${host}`,
      ]);
      await manager.query(
        `DELETE FROM host_leases WHERE host = $1 AND expires_at < now()`,
        [host],
      );
      const [{ n }]: Array<{ n: string }> = await manager.query(
        `SELECT count(*) AS n FROM host_leases WHERE host = $1`,
        [host],
      );
      if (Number(n) >= concurrency) return -1;
      const [pacing]: Array<{ wait_ms: string }> = await manager.query(
        `SELECT greatest(0, extract(epoch FROM last_at - clock_timestamp()) * 1000 + $2::int) AS wait_ms
         FROM host_pacing WHERE host = $1`,
        [host, delayMs],
      );
      const wait = Math.ceil(Number(pacing?.wait_ms ?? 0));
      if (wait > 0) return wait;
      await manager.query(
        `INSERT INTO host_leases (token, host, expires_at)
         VALUES ($1, $2, clock_timestamp() + $3::int * interval '1 millisecond')`,
        [token, host, TURN_LEASE_MS],
      );
      await manager.query(
        `INSERT INTO host_pacing (host, last_at) VALUES ($1, clock_timestamp())
         ON CONFLICT (host) DO UPDATE SET last_at = EXCLUDED.last_at`,
        [host],
      );
      return 0;
    });
  }
}

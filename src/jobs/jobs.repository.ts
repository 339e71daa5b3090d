import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A job as claimed from the jobs table. */
export interface ClaimedJob {
  id: string;
  key: string;
  data: object;
  attempt: number;
}

/** Every statement on the jobs table (the queue when the service runs without Redis). */
@Injectable()
export class JobsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Adds a job; nothing when one with this key is already unfinished. */
  async insert(
    queue: string,
    key: string,
    data: object,
    delayMs: number,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO jobs (queue, key, data, run_at)
       VALUES ($1, $2, $3, now() + $4::int * interval '1 millisecond')
       ON CONFLICT (queue, key) DO NOTHING`,
      [queue, key, JSON.stringify(data), delayMs],
    );
  }

  /**
   * Takes up to `limit` due jobs no live process holds (never leased, or whose lease
   * ran out), oldest first, and leases them to `owner` for `leaseMs`.
   */
  async claimDue(
    queue: string,
    owner: string,
    limit: number,
    leaseMs: number,
  ): Promise<ClaimedJob[]> {
    const rows: Array<{
      id: string;
      key: string;
      data: object;
      attempt: number;
    }> = await this.db.query(
      // As a CTE, so the driver answers the claimed rows (an UPDATE alone answers [rows, count]).
      `WITH claimed AS (
         UPDATE jobs
         SET locked_by = $2,
             locked_until = now() + $4::int * interval '1 millisecond',
             attempt = attempt + 1
         WHERE id IN (
           SELECT id FROM jobs
           WHERE queue = $1 AND run_at <= now()
             AND (locked_until IS NULL OR locked_until < now())
           ORDER BY run_at, id
           LIMIT $3
           FOR UPDATE SKIP LOCKED)
         RETURNING id, key, data, attempt)
       SELECT * FROM claimed ORDER BY id`,
      [queue, owner, limit, leaseMs],
    );
    return rows;
  }

  /** Extends the leases `owner` holds on these jobs. */
  async renew(owner: string, ids: string[], leaseMs: number): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET locked_until = now() + $3::int * interval '1 millisecond'
       WHERE id = ANY($2::bigint[]) AND locked_by = $1`,
      [owner, ids, leaseMs],
    );
  }

  /** Removes a finished job, if `owner` still holds it. */
  async finish(owner: string, id: string): Promise<void> {
    await this.db.query(`DELETE FROM jobs WHERE id = $1 AND locked_by = $2`, [
      id,
      owner,
    ]);
  }

  /**
   * Hands jobs back to the queue, to run again after `delayMs`; `fresh` counts their
   * attempts from zero again (a repeating job's next run).
   */
  async release(
    owner: string,
    ids: string[],
    delayMs: number,
    fresh = false,
  ): Promise<void> {
    await this.db.query(
      `UPDATE jobs
       SET locked_by = NULL, locked_until = NULL,
           run_at = now() + $3::int * interval '1 millisecond',
           attempt = CASE WHEN $4::boolean THEN 0 ELSE attempt END
       WHERE id = ANY($2::bigint[]) AND locked_by = $1`,
      [owner, ids, delayMs, fresh],
    );
  }
}

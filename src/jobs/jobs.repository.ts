import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A job as claimed from the jobs table. */
export interface ClaimedJob {
  id: string;
  key: string;
  data: object;
  attempt: number;
  group: string | null;
}

/**
 * How many more jobs of each group a claim may take: `room` of a group this process
 * runs jobs of, `fresh` of any other. A group with no room is not looked at.
 */
export interface GroupRoom {
  room: Record<string, number>;
  fresh: number;
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
    priority = 0,
    group: string | null = null,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO jobs (queue, key, data, run_at, priority, group_key)
       VALUES ($1, $2, $3, now() + $4::int * interval '1 millisecond', $5, $6)
       ON CONFLICT (queue, key) DO NOTHING`,
      [queue, key, JSON.stringify(data), delayMs, priority, group],
    );
  }

  /**
   * Takes up to `limit` due jobs no live process holds (never leased, or whose lease
   * ran out), by priority then oldest first, and leases them to `owner` for `leaseMs`;
   * of each group no more than its room (`rooms`), and none of a group without room.
   */
  async claimDue(
    queue: string,
    owner: string,
    limit: number,
    leaseMs: number,
    rooms: GroupRoom = { room: {}, fresh: limit },
  ): Promise<ClaimedJob[]> {
    const full = Object.entries(rooms.room)
      .filter(([, room]) => room <= 0)
      .map(([group]) => group);
    const rows: ClaimedJob[] = await this.db.query(
      // The candidates skip full groups in the index walk; of the rest, each group
      // gives at most its room. As a CTE, so the driver answers the claimed rows.
      `WITH candidates AS (
         SELECT id, group_key, priority, run_at FROM jobs
         WHERE queue = $1 AND run_at <= now()
           AND (locked_until IS NULL OR locked_until < now())
           AND (group_key IS NULL OR NOT (group_key = ANY($5::text[])))
         ORDER BY priority, run_at, id
         LIMIT $3 * 4
         FOR UPDATE SKIP LOCKED),
       ranked AS (
         SELECT id, priority, run_at, group_key,
                row_number() OVER (PARTITION BY group_key ORDER BY priority, run_at, id) AS rank
         FROM candidates),
       chosen AS (
         SELECT id FROM ranked
         WHERE group_key IS NULL
            OR rank <= coalesce(($6::jsonb ->> group_key)::int, $7)
         ORDER BY priority, run_at, id
         LIMIT $3),
       claimed AS (
         UPDATE jobs
         SET locked_by = $2,
             locked_until = now() + $4::int * interval '1 millisecond',
             attempt = attempt + 1
         WHERE id IN (SELECT id FROM chosen)
         RETURNING id, key, data, attempt, group_key AS "group")
       SELECT * FROM claimed ORDER BY id`,
      [
        queue,
        owner,
        limit,
        leaseMs,
        full,
        JSON.stringify(rooms.room),
        rooms.fresh,
      ],
    );
    return rows;
  }

  /** Whether an unfinished job of this key is in the queue. */
  async exists(queue: string, key: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM jobs WHERE queue = $1 AND key = $2`,
      [queue, key],
    );
    return rows.length > 0;
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

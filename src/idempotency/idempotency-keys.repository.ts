import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** How long a key and its answer are kept: the same key after this is a new request. */
export const KEY_LIFETIME_HOURS = 24;
/**
 * A request still in progress after this long died with its process (a create waits
 * at most the analysis deadline): its key may be taken again.
 */
const ABANDONED_AFTER_MINUTES = 10;
/** Expired keys deleted in one prune, so a prune never holds the table long. */
const PRUNE_BATCH = 1_000;

/** The answer first sent for a key, to be sent again. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** What a keyed request finds: the key is now its own, or an earlier request holds it. */
export type KeyClaim =
  | { kind: 'claimed' }
  | { kind: 'in_progress'; requestHash: string }
  | { kind: 'completed'; requestHash: string; answer: StoredAnswer };

/** Every statement on the idempotency_keys table. */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the key for this request, in one statement so that of two requests at the
   * same instant only one gets it: a new key, an expired one, or one abandoned in
   * progress is taken; otherwise the request that holds it is described.
   */
  async claim(
    accountId: string,
    key: string,
    requestHash: string,
  ): Promise<KeyClaim> {
    const taken: unknown[] = await this.db.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, status)
       VALUES ($1, $2, $3, 'in_progress')
       ON CONFLICT (account_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = 'in_progress',
             response_status = NULL, response_headers = NULL,
             response_body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - interval '${KEY_LIFETIME_HOURS} hours'
            OR (idempotency_keys.status = 'in_progress'
                AND idempotency_keys.created_at < now() - interval '${ABANDONED_AFTER_MINUTES} minutes')
       RETURNING 1`,
      [accountId, key, requestHash],
    );
    if (taken.length > 0) return { kind: 'claimed' };
    const [held]: Array<{
      request_hash: string;
      status: 'in_progress' | 'completed';
      response_status: number | null;
      response_headers: Record<string, string> | null;
      response_body: unknown;
    }> = await this.db.query(
      `SELECT request_hash, status, response_status, response_headers, response_body
       FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
      [accountId, key],
    );
    // Released between the two statements: the holder failed; this one may go again.
    if (!held) return this.claim(accountId, key, requestHash);
    if (held.status === 'in_progress') {
      return { kind: 'in_progress', requestHash: held.request_hash };
    }
    return {
      kind: 'completed',
      requestHash: held.request_hash,
      answer: {
        status: held.response_status!,
        headers: held.response_headers ?? {},
        body: held.response_body,
      },
    };
  }

  /** Stores the answer sent for the key the request holds. */
  async complete(
    accountId: string,
    key: string,
    answer: StoredAnswer,
  ): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys
       SET status = 'completed', response_status = $3, response_headers = $4,
           response_body = $5
       WHERE account_id = $1 AND key = $2 AND status = 'in_progress'`,
      [
        accountId,
        key,
        answer.status,
        JSON.stringify(answer.headers),
        JSON.stringify(answer.body),
      ],
    );
  }

  /** Lets the key go: the request it held created nothing (it was refused). */
  async release(accountId: string, key: string): Promise<void> {
    await this.db.query(
      `DELETE FROM idempotency_keys
       WHERE account_id = $1 AND key = $2 AND status = 'in_progress'`,
      [accountId, key],
    );
  }

  /** Deletes up to PRUNE_BATCH expired keys; answers how many. */
  async pruneExpired(): Promise<number> {
    // As a CTE, so the driver answers rows (a DELETE alone answers [rows, count]).
    const [{ n }]: Array<{ n: number }> = await this.db.query(
      `WITH pruned AS (
         DELETE FROM idempotency_keys
         WHERE (account_id, key) IN (
           SELECT account_id, key FROM idempotency_keys
           WHERE created_at < now() - interval '${KEY_LIFETIME_HOURS} hours'
           LIMIT ${PRUNE_BATCH})
         RETURNING 1)
       SELECT count(*)::int AS n FROM pruned`,
    );
    return n;
  }
}

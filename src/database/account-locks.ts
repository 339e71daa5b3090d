import type { EntityManager } from 'typeorm';

/**
 * Holds, until `manager`'s transaction ends, the lock of `scope` (what is capped:
 * `reports`, `webhooks`) for each account: a write that counts an account's rows
 * against a cap and then adds to them does both while no other such write of the
 * account can, so requests at the same instant cannot all see room under the cap.
 * An advisory lock per account and scope (pg_advisory_xact_lock): it holds on
 * PostgreSQL and on the embedded PGlite alike. Several accounts are locked in one
 * order, so two writes that lock the same accounts never wait on each other.
 */
export async function lockAccounts(
  manager: EntityManager,
  scope: string,
  accountIds: string[],
): Promise<void> {
  const inOrder = [...new Set(accountIds)].sort((a, b) =>
    BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0,
  );
  for (const accountId of inOrder) {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
      [`${scope}:${accountId}`],
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An endpoint remembers since when every attempt to it has failed; one that has failed
 * for WEBHOOK_DISABLE_AFTER_MS is disabled, with the reason the API shows, until the
 * account enables it again.
 */
export class WebhookHealth1765300000000 implements MigrationInterface {
  name = 'WebhookHealth1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE webhooks ADD COLUMN failing_since timestamptz,
                            ADD COLUMN disabled_at timestamptz,
                            ADD COLUMN disabled_reason text`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE webhooks DROP COLUMN failing_since,
                            DROP COLUMN disabled_at,
                            DROP COLUMN disabled_reason`,
    );
  }
}

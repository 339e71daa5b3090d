import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `account_brandings`: what an account's white-label PDFs and share pages carry in
 * place of the product's own look (its name, logo, accent colour, contact line and
 * footer), at most one row an account, gone with it. A column left null takes its
 * default when printed (the account's name, a neutral colour).
 */
export class AccountBranding1765750000000 implements MigrationInterface {
  name = 'AccountBranding1765750000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE account_brandings (
        account_id bigint PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        name text,
        logo bytea,
        logo_media_type text,
        accent_color text,
        contact text,
        footer text,
        show_product_name boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((logo IS NULL) = (logo_media_type IS NULL))
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE account_brandings`);
  }
}

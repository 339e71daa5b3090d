import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `template_issues`: a judged site audit's template findings, for each page check
 * failing as one or more templates' (docs/site-audits.md, "Templates"), those templates
 * with their failing pages. Null for audits judged before every audit had templates.
 */
export class TemplateFindings1765760000000 implements MigrationInterface {
  name = 'TemplateFindings1765760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits ADD COLUMN template_issues jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE site_audits DROP COLUMN template_issues`);
  }
}

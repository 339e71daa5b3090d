import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analysis results now say whether the rating cap applied (results.capped_by) and the
 * score before it (results.uncapped_score). Results stored before were never capped:
 * nothing capped them, and their score is the uncapped one.
 */
export class ResultsCarryCap1764250000000 implements MigrationInterface {
  name = 'ResultsCarryCap1764250000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE reports SET results = results
         || jsonb_build_object('uncapped_score', results->'score', 'capped_by', '[]'::jsonb)
       WHERE results IS NOT NULL AND NOT results ? 'capped_by'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE reports SET results = results - 'uncapped_score' - 'capped_by'
       WHERE results ? 'capped_by'`,
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analysis results now carry their rating (results.rating); results stored before
 * get the one the report already shows, which was derived from the same score.
 */
export class ResultsCarryRating1764200000000 implements MigrationInterface {
  name = 'ResultsCarryRating1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE reports SET results = jsonb_set(results, '{rating}', to_jsonb(result))
       WHERE results IS NOT NULL AND result IS NOT NULL AND NOT results ? 'rating'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE reports SET results = results - 'rating' WHERE results ? 'rating'`,
    );
  }
}

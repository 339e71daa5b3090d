import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { urlHash } from '../crawl.js';
import type { PageSettlement, ProbeAnswer } from './crawl-records.js';
import { byCrawlAndHash } from './frontier-decisions.js';
import type { BatchDiscovery } from './frontier-decisions.js';
import { storableText } from './storable.js';

/**
 * The probes of a crawl: what its pages point to outside the crawl (or in-scope
 * subresources), each URL asked once a crawl. Taken by a batch's settle, inside its
 * transaction; their answers stored once asked.
 */
@Injectable()
export class ProbesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the probes of what the pages point to: the URLs no page of their crawl took
   * yet (a new row, or a row only known as a link target) are marked `probing` and are
   * this batch's to ask; the others are left to whoever took them, or to the crawl.
   */
  async claim(
    manager: EntityManager,
    settlements: PageSettlement[],
  ): Promise<Array<{ auditId: string; url: string }>> {
    const byKey = new Map<
      string,
      { auditId: string; url: string; hash: string; inScope: boolean }
    >();
    for (const { page, reading } of settlements) {
      for (const target of reading.probeTargets) {
        byKey.set(`${page.auditId}:${target.hash}`, {
          auditId: page.auditId,
          ...target,
        });
      }
    }
    const targets = [...byKey.values()].sort((a, b) =>
      byCrawlAndHash(
        a as unknown as BatchDiscovery,
        b as unknown as BatchDiscovery,
      ),
    );
    if (targets.length === 0) return [];
    const inserted: Array<{ audit_id: string; url: string }> =
      await manager.query(
        `INSERT INTO site_audit_urls (audit_id, url_hash, url, in_scope, state)
       SELECT t.audit_id, t.hash, t.url, t.in_scope, 'probing'
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::boolean[]) WITH ORDINALITY
         AS t(audit_id, hash, url, in_scope, n)
       ORDER BY t.n
       ON CONFLICT (audit_id, url_hash) DO NOTHING
       RETURNING audit_id::text, url`,
        [
          targets.map((t) => t.auditId),
          targets.map((t) => t.hash),
          targets.map((t) => storableText(t.url)),
          targets.map((t) => t.inScope),
        ],
      );
    const [known]: [Array<{ audit_id: string; url: string }>, number] =
      await manager.query(
        `UPDATE site_audit_urls SET state = 'probing', updated_at = now()
         WHERE key IN (
           SELECT u.key FROM site_audit_urls u
           JOIN unnest($1::bigint[], $2::bigint[]) AS t(audit_id, hash)
             ON u.audit_id = t.audit_id AND u.url_hash = t.hash
           WHERE u.state = 'known'
           ORDER BY u.key FOR UPDATE OF u SKIP LOCKED)
         RETURNING audit_id::text, url`,
        [targets.map((t) => t.auditId), targets.map((t) => t.hash)],
      );
    return [...inserted, ...known].map((row) => ({
      auditId: row.audit_id,
      url: row.url,
    }));
  }

  /** Stores probes' answers. */
  async recordAnswers(
    answers: Array<{ auditId: string; answer: ProbeAnswer }>,
  ): Promise<void> {
    if (answers.length === 0) return;
    await this.db.query(
      `WITH a AS (
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::text[], $5::text[], $6::text[])
           AS t(audit_id, hash, status_code, error, redirect_to, robots)),
       probed AS (
         UPDATE site_audit_urls u SET state = 'probed', updated_at = now()
         FROM a WHERE u.audit_id = a.audit_id AND u.url_hash = a.hash AND u.state = 'probing'
         RETURNING u.key, a.status_code, a.error, a.redirect_to, a.robots)
       INSERT INTO site_audit_page_records (key, status_code, error, redirect_to, robots)
       SELECT key, status_code, error, redirect_to, string_to_array(robots, E'\\n') FROM probed`,
      [
        answers.map(({ auditId }) => auditId),
        answers.map(({ answer }) => urlHash(answer.url)),
        answers.map(({ answer }) => answer.statusCode),
        answers.map(({ answer }) => answer.error),
        answers.map(({ answer }) => storableText(answer.redirectTo)),
        answers.map(({ answer }) =>
          answer.robots.length > 0
            ? storableText(answer.robots.join('\n'))
            : null,
        ),
      ],
    );
  }
}

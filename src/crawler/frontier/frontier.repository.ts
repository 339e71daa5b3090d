import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SERVICE_ERROR } from './crawl-records.js';
import type {
  ClaimedPage,
  DecidedDiscovery,
  PageSettlement,
} from './crawl-records.js';
import { DiscoveriesRepository } from './discoveries.repository.js';
import { batchDiscoveries, inScopeRedirectOf } from './frontier-decisions.js';
import { KnownUrls } from './known-urls.js';
import { PageRecordsRepository } from './page-records.repository.js';
import { ProbesRepository } from './probes.repository.js';
import { WavesRepository } from './waves.repository.js';

/** Where a crawl `a` stands (CrawlState), read from its row and its queue. */
const STATE_COLUMNS = `a.id::text,
  NOT EXISTS (SELECT 1 FROM site_audit_urls
              WHERE audit_id = a.id AND state = 'queued') AS empty,
  EXISTS (SELECT 1 FROM site_audit_urls
          WHERE audit_id = a.id AND state = 'running') AS flying,
  a.status = 'running' AND a.stop_reason IS NULL AS crawling`;

/** What a batch of settles did: the pages stored, and the URLs they made this process probe. */
export interface SettledBatch {
  settled: ClaimedPage[];
  probes: Array<{ auditId: string; url: string }>;
  /** Where the crawls of the pages settled stand after it (none when their counts were not written). */
  states: CrawlState[];
}

/** Where a crawl stands after a batch: whether anything is queued, or being requested, and whether it goes on. */
export interface CrawlState {
  id: string;
  /** Nothing queued. */
  empty: boolean;
  /** Pages being requested and read (by any process). */
  flying: boolean;
  crawling: boolean;
}

/**
 * The crawl's frontier in PostgreSQL: which URLs are known (one row a URL, by its key),
 * placed, queued, taken by a process, settled, and the links between them. The two
 * transactions that write several of its concerns at once are composed here, each
 * concern's statements in its own repository: a crawl's seed, and the settle of a
 * batch of read pages. A batch is written in one transaction that takes no lock on a
 * crawl's row (but a batch with a redirect, which takes it first, as an advance does),
 * writes every row in (crawl, key) order and never one twice, so concurrent batches
 * cannot deadlock.
 */
@Injectable()
export class FrontierRepository {
  /** What this process saw written: the mentions that change nothing are not written again. */
  private readonly known = new KnownUrls();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly discoveries: DiscoveriesRepository,
    private readonly probes: ProbesRepository,
    private readonly records: PageRecordsRepository,
    private readonly waves: WavesRepository,
  ) {}

  /**
   * Seeds a started crawl in one transaction: its first wave (what the start learned of
   * the site, and the start's pages, taken as running under a lease), and the sitemap
   * URLs found.
   */
  async seed(
    auditId: string,
    site: { origin: string; crawlDelayMs: number; facts: unknown },
    starts: Array<{ url: string; hash: string }>,
    sitemapUrls: DecidedDiscovery[],
    leaseMs: number,
  ): Promise<ClaimedPage[]> {
    return this.db.transaction(async (manager) => {
      const claimed = await this.waves.placeStarts(
        manager,
        auditId,
        site,
        starts,
        leaseMs,
      );
      await this.discoveries.addSitemapUrls(manager, auditId, sitemapUrls);
      return claimed;
    });
  }

  /**
   * Settles a batch of read pages in one transaction: the pages still this process's
   * (running: a page settled elsewhere after its lease ran out is stored once) are
   * locked; the URLs they make known are inserted or, known and not yet placed,
   * improved; their links appended; the probes of what they point to taken (each URL
   * probed once a crawl); a redirect's target placed; and last their records. Rows
   * are written in (crawl, key) order. The crawls' counts follow in one statement.
   */
  async settle(batch: PageSettlement[]): Promise<SettledBatch> {
    const worth = batch.map(({ page, reading }) => ({
      auditId: page.auditId,
      place: page.place,
      discoveries: this.known.worthWriting(
        page.auditId,
        page.place,
        reading.discoveries,
      ),
    }));
    const redirecting = [
      ...new Set(
        batch
          .filter(({ reading }) => inScopeRedirectOf(reading) !== undefined)
          .map(({ page }) => page.auditId),
      ),
    ].sort((a, b) => Number(BigInt(a) - BigInt(b)));
    const result = await this.db.transaction(
      async (manager): Promise<SettledBatch> => {
        if (redirecting.length > 0) {
          // Placing a redirect's target takes its crawl's row: taken first, as an advance
          // takes it before the URLs it places, so the two cannot wait on each other.
          await manager.query(
            `SELECT id FROM site_audits WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
            [redirecting],
          );
        }
        const locked: Array<{ key: string }> = await manager.query(
          `SELECT key::text FROM site_audit_urls
         WHERE key = ANY($1::bigint[]) AND state = 'running'
         ORDER BY key FOR UPDATE`,
          [batch.map(({ page }) => page.key)],
        );
        const running = new Set(locked.map((row) => row.key));
        const mine = batch.filter(({ page }) => running.has(page.key));
        if (mine.length === 0) return { settled: [], probes: [], states: [] };
        await this.discoveries.discover(
          manager,
          batchDiscoveries(
            worth.filter((_, i) => running.has(batch[i].page.key)),
          ),
        );
        await this.discoveries.storeLinks(manager, mine);
        const probes = await this.probes.claim(manager, mine);
        for (const settlement of mine) {
          await this.waves.placeRedirectTarget(manager, settlement);
        }
        await this.records.store(manager, mine);
        return { settled: mine.map(({ page }) => page), probes, states: [] };
      },
    );
    for (let i = 0; i < batch.length; i++) {
      if (result.settled.includes(batch[i].page)) {
        this.known.remember(
          worth[i].auditId,
          worth[i].place,
          worth[i].discoveries,
        );
      }
    }
    // Counts are progress, made exact when the crawl is judged: a count lost here loses no page.
    result.states = await this.tally(result.settled, batch).catch(() => []);
    return result;
  }

  /**
   * Counts the settled pages of each crawl: one short statement after the batch,
   * crawls in order, which answers where they stand (as statesOf does).
   */
  private async tally(
    settled: ClaimedPage[],
    batch: PageSettlement[],
  ): Promise<CrawlState[]> {
    const counts = new Map<
      string,
      { crawled: number; failed: number; unprocessed: number }
    >();
    for (const { page, reading } of batch) {
      if (!settled.includes(page)) continue;
      const count = counts.get(page.auditId) ?? {
        crawled: 0,
        failed: 0,
        unprocessed: 0,
      };
      count.crawled++;
      const error = reading.record.error;
      if (error === SERVICE_ERROR) count.unprocessed++;
      else if (error !== null) count.failed++;
      counts.set(page.auditId, count);
    }
    if (counts.size === 0) return [];
    const ids = [...counts.keys()].sort((a, b) =>
      Number(BigInt(a) - BigInt(b)),
    );
    const [states]: [CrawlState[], number] = await this.db.query(
      `UPDATE site_audits a SET crawled = a.crawled + t.crawled, failed = a.failed + t.failed,
         unprocessed = a.unprocessed + t.unprocessed, updated_at = now()
       FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[]) AS t(id, crawled, failed, unprocessed)
       WHERE a.id = t.id
       RETURNING ${STATE_COLUMNS}`,
      [
        ids,
        ids.map((id) => counts.get(id)!.crawled),
        ids.map((id) => counts.get(id)!.failed),
        ids.map((id) => counts.get(id)!.unprocessed),
      ],
    );
    return states;
  }

  /** Where each of these crawls stands: what decides whether it advances. */
  async statesOf(crawlIds: string[]): Promise<CrawlState[]> {
    if (crawlIds.length === 0) return [];
    return this.db.query(
      `SELECT ${STATE_COLUMNS} FROM site_audits a WHERE a.id = ANY($1::bigint[])`,
      [crawlIds],
    );
  }
}

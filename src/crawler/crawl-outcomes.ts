import type { CrawlError } from './crawl.js';

/**
 * The port through which the crawler tells whoever owns a crawl how it ended; the
 * product implements it (site audits judge what the crawl found). Each call may come
 * twice (a job run again): an implementation does its work once.
 */
export abstract class CrawlOutcomes {
  /** The crawl has stopped (done, max_pages or cancelled) and nothing of it is in flight. */
  abstract stopped(crawlId: string): Promise<void>;

  /** The crawl could not start: its start URL could not be fetched. */
  abstract failed(crawlId: string, error: CrawlError): Promise<void>;
}

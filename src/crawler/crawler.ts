import { Injectable } from '@nestjs/common';
import { CrawlSteps } from './jobs/crawl-steps.js';

/**
 * The crawler as its owner sees it: start a crawl whose row it stored, and tell it a
 * cancel was asked for. How it ended comes back through CrawlOutcomes.
 */
@Injectable()
export class Crawler {
  constructor(private readonly steps: CrawlSteps) {}

  /** Starts the crawl of a stored, queued audit. */
  start(crawlId: string): Promise<void> {
    return this.steps.add(crawlId, 'start');
  }

  /** After a cancel: the crawl stops, and what it has is judged once nothing is in flight. */
  afterCancel(crawlId: string): Promise<void> {
    return this.steps.add(crawlId, 'advance');
  }
}

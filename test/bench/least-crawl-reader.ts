import { workerData } from 'node:worker_threads';
import type { FetchedResponse } from '../../src/analysis/index.js';
import { NO_SITE_FACTS } from '../support/site-facts.js';
import { CrawlPolicy } from '../../src/crawler/policy/crawl-policy.js';
import type { CrawlPolicyData } from '../../src/crawler/policy/crawl-policy.js';
import { readPage } from '../../src/crawler/pipeline/page-reading.js';
import readCrawledPage from '../../src/site-audits/crawled-page-reading.js';
import type { PageReading } from '../../src/crawler/pipeline/page-reading.js';

/** The reader thread of least-crawl.ts: the service's own reading of a page (page-reading.ts, with a site audit's). */
const policy = new CrawlPolicy(workerData as CrawlPolicyData);

export default function read(task: {
  url: string;
  answer: FetchedResponse;
}): Promise<PageReading> {
  const { body } = task.answer;
  const answer = {
    ...task.answer,
    body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
  };
  return readPage(
    task.url,
    answer,
    1,
    policy,
    NO_SITE_FACTS,
    null,
    readCrawledPage,
  );
}

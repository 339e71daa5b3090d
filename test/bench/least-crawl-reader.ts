import { workerData } from 'node:worker_threads';
import type { FetchedResponse, SiteFacts } from '../../src/analysis/index.js';
import { CrawlPolicy } from '../../src/crawler/policy/crawl-policy.js';
import type { CrawlPolicyData } from '../../src/crawler/policy/crawl-policy.js';
import { readPage } from '../../src/crawler/pipeline/page-reading.js';
import type { PageReading } from '../../src/crawler/pipeline/page-reading.js';

/** The reader thread of least-crawl.ts: the service's own reading of a page (page-reading.ts). */
const policy = new CrawlPolicy(workerData as CrawlPolicyData);
const none = {
  url: '',
  status: 404,
  contentType: null,
  body: null,
  error: null,
};
const site: SiteFacts = {
  robotsTxt: none,
  sitemap: none,
  notFoundProbe: none,
  favicon: none,
};

export default function read(task: {
  url: string;
  answer: FetchedResponse;
}): Promise<PageReading> {
  const { body } = task.answer;
  const answer = {
    ...task.answer,
    body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
  };
  return readPage(task.url, answer, 1, policy, site, null);
}

import type { SiteFacts } from '../../src/analysis/index.js';

const missing = {
  url: '',
  status: 404,
  contentType: null,
  body: null,
  error: null,
};

/** A site whose robots.txt, sitemap, 404 probe and favicon all answered 404: a page read with no site facts to speak of. */
export const NO_SITE_FACTS: SiteFacts = {
  robotsTxt: missing,
  sitemap: missing,
  notFoundProbe: missing,
  favicon: missing,
};

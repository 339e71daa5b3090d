import type { SideFetch } from '../types.js';

/** How much of the body is looked at for an XML start. */
const SNIFF_CHARS = 2048;

/** Whether a side fetch's body is XML, by its content type or its start. */
export function looksLikeXml(fetch: SideFetch): boolean {
  if (/xml/i.test(fetch.contentType ?? '')) return true;
  const head = (fetch.body ?? '').trimStart().slice(0, SNIFF_CHARS);
  return head.startsWith('<?xml') || /<(urlset|sitemapindex)[\s>]/.test(head);
}

/** A sitemap the sitemap check passes: HTTP 200 with XML. */
export function isXmlSitemap(fetch: SideFetch): boolean {
  return fetch.status === 200 && looksLikeXml(fetch);
}

import { CHECKS } from './registry.js';

/** The table of docs/checks.md, literally: id, category, importance, in order. */
const TABLE = [
  ['title', 'seo', 'high'],
  ['meta_description', 'seo', 'high'],
  ['h1', 'seo', 'high'],
  ['heading_order', 'seo', 'low'],
  ['content_keywords', 'seo', 'medium'],
  ['image_alt', 'seo', 'medium'],
  ['seo_friendly_url', 'seo', 'low'],
  ['http_status', 'seo', 'high'],
  ['not_found_page', 'seo', 'low'],
  ['robots_txt', 'seo', 'medium'],
  ['indexable', 'seo', 'high'],
  ['canonical', 'seo', 'medium'],
  ['hreflang', 'seo', 'low'],
  ['link_text', 'seo', 'low'],
  ['crawlable_links', 'seo', 'low'],
  ['in_page_links', 'seo', 'low'],
  ['language', 'seo', 'medium'],
  ['favicon', 'seo', 'low'],
  ['text_compression', 'performance', 'high'],
  ['response_time', 'performance', 'high'],
  ['page_size', 'performance', 'medium'],
  ['http_requests', 'performance', 'medium'],
  ['image_format', 'performance', 'low'],
  ['defer_javascript', 'performance', 'medium'],
  ['dom_size', 'performance', 'medium'],
  ['doctype', 'performance', 'low'],
  ['caching', 'performance', 'low'],
  ['redirects', 'performance', 'low'],
  ['https', 'security', 'high'],
  ['mixed_content', 'security', 'high'],
  ['hsts', 'security', 'medium'],
  ['server_signature', 'security', 'low'],
  ['unsafe_cross_origin_links', 'security', 'medium'],
  ['plaintext_email', 'security', 'low'],
  ['content_security_policy', 'security', 'medium'],
  ['content_type_options', 'security', 'low'],
  ['frame_protection', 'security', 'low'],
  ['broken_links', 'seo', 'high'],
  ['meta_refresh', 'seo', 'low'],
  ['nofollow', 'seo', 'low'],
  ['image_dimensions', 'performance', 'low'],
  ['https_redirect', 'security', 'medium'],
  ['insecure_links', 'security', 'low'],
  ['referrer_policy', 'security', 'low'],
  ['permissions_policy', 'security', 'low'],
  ['cookie_flags', 'security', 'medium'],
  ['subresource_integrity', 'security', 'low'],
  ['viewport', 'miscellaneous', 'high'],
  ['charset', 'miscellaneous', 'medium'],
  ['structured_data', 'miscellaneous', 'low'],
  ['sitemap', 'miscellaneous', 'low'],
  ['social_tags', 'miscellaneous', 'low'],
  ['content_length', 'miscellaneous', 'medium'],
  ['text_to_html_ratio', 'miscellaneous', 'low'],
  ['inline_css', 'miscellaneous', 'low'],
  ['deprecated_html', 'miscellaneous', 'low'],
];

describe('the check registry', () => {
  it('holds exactly the 56 checks of docs/checks.md, in its order, with its categories and importance', () => {
    expect(TABLE).toHaveLength(56);
    expect(CHECKS.map((c) => [c.id, c.category, c.importance])).toEqual(TABLE);
  });

  it('has unique ids and a title for every check', () => {
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
    for (const check of CHECKS) expect(check.title.trim()).not.toBe('');
  });

  it('gives every check an id that is an anchor, and what the catalogue says of it', () => {
    const sentences = (text: string) =>
      text.split(/(?<=[.!?])\s+(?=[A-Z`])/).length;
    for (const check of CHECKS) {
      // The id rides along so that a failure names the check.
      expect({
        id: check.id,
        anchor: /^[a-z][a-z0-9_]*$/.test(check.id),
        passesWhen: check.passesWhen.endsWith('.'),
        notApplicableWhen: check.notApplicableWhen?.endsWith('.') ?? true,
        adviceOfOneOrTwoSentences:
          sentences(check.advice) <= 2 && check.advice.length <= 300,
      }).toEqual({
        id: check.id,
        anchor: true,
        passesWhen: true,
        notApplicableWhen: true,
        adviceOfOneOrTwoSentences: true,
      });
    }
  });
});

import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import type { SideFetch } from '../types.js';
import {
  charset,
  contentLength,
  deprecatedHtml,
  inlineCss,
  sitemap,
  socialTags,
  textToHtmlRatio,
  viewport,
} from './miscellaneous.js';

const EMPTY = documentOf('', '');

describe('viewport', () => {
  it.each([
    [
      'width=device-width',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      true,
    ],
    [
      'spaces around =',
      '<meta name="Viewport" content="initial-scale=1, width = device-width">',
      true,
    ],
    ['a fixed width', '<meta name="viewport" content="width=1024">', false],
    ['none', '', false],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(viewport, documentOf(head, '')).passed).toBe(passed);
  });
});

describe('charset', () => {
  it.each([
    ['UTF-8 in the header', { header: 'UTF-8', bom: null, meta: null }, true],
    ['utf8 in a meta', { header: null, bom: null, meta: 'utf8' }, true],
    ['a UTF-8 BOM', { header: null, bom: 'utf-8', meta: null }, true],
    ['nothing declared', { header: null, bom: null, meta: null }, false],
    ['windows-1252', { header: null, bom: null, meta: 'windows-1252' }, false],
    [
      'a header and meta that disagree',
      { header: 'utf-8', bom: null, meta: 'iso-8859-1' },
      false,
    ],
  ])('%s → %s', (_case, declaredCharset, passed) => {
    expect(runCheck(charset, EMPTY, { declaredCharset }).passed).toBe(passed);
  });
});

describe('sitemap', () => {
  const fetched = (
    status: number | null,
    body: string | null,
    contentType: string | null = 'text/plain',
  ): SideFetch => ({
    url: 'https://example.com/sitemap.xml',
    status,
    contentType,
    body,
    error: status === null ? 'timeout' : null,
  });
  it.each([
    [
      'an XML declaration',
      fetched(200, '<?xml version="1.0"?><urlset></urlset>'),
      true,
    ],
    ['a bare urlset', fetched(200, '<urlset xmlns="x"></urlset>'), true],
    [
      'a sitemap index',
      fetched(200, '<sitemapindex xmlns="x"></sitemapindex>'),
      true,
    ],
    ['an XML content type', fetched(200, null, 'application/xml'), true],
    [
      'an HTML page',
      fetched(200, '<!DOCTYPE html><html></html>', 'text/html'),
      false,
    ],
    ['a 404', fetched(404, 'Not found'), false],
    ['a network failure', fetched(null, null, null), null],
    ['not fetched', null, null],
  ])('%s → %s', (_case, side, passed) => {
    expect(runCheck(sitemap, EMPTY, { sitemap: side }).passed).toBe(passed);
  });
});

describe('social_tags', () => {
  const og =
    '<meta property="og:title" content="T"><meta property="og:image" content="https://example.com/i.webp">';
  it.each([
    ['og:title and og:image', og, true],
    ['a Twitter card', '<meta name="twitter:card" content="summary">', true],
    ['og:title alone', '<meta property="og:title" content="T">', false],
    ['an empty Twitter card', '<meta name="twitter:card" content="">', false],
    ['none', '', false],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(socialTags, documentOf(head, '')).passed).toBe(passed);
  });
});

describe('content_length', () => {
  const words = (n: number) =>
    Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
  it.each([
    ['300 words', `<p>${words(300)}</p>`, true],
    ['299 words', `<p>${words(299)}</p>`, false],
    [
      '300 words, 10 of them hidden',
      `<p>${words(290)}</p><p hidden>${words(10)}</p>`,
      false,
    ],
    [
      '300 words, 10 in display:none',
      `<p>${words(290)}</p><div style="display: none">${words(10)}</div>`,
      false,
    ],
    [
      'words in a script do not count',
      `<p>${words(290)}</p><script>${words(10)}</script>`,
      false,
    ],
    ['punctuation is not a word', `<p>${words(299)} — ·</p>`, false],
    [
      'words split by inline markup count once',
      `<p>${'<b>T</b>wo '.repeat(299)}</p>`,
      false,
    ],
    [
      'words in cells and list items are apart',
      `<table><tr>${'<td>cell</td>'.repeat(150)}</tr></table><ul>${'<li>item</li>'.repeat(150)}</ul>`,
      true,
    ],
  ])('%s → %s', (_case, body, passed) => {
    expect(runCheck(contentLength, documentOf('', body)).passed).toBe(passed);
  });
});

describe('text_to_html_ratio', () => {
  it.each([
    ['mostly text', `<p>${'All text and no markup. '.repeat(20)}</p>`, true],
    [
      'mostly markup',
      `<div class="a-long-class-name"><span></span></div>`.repeat(50) +
        '<p>Hi</p>',
      false,
    ],
    [
      'text inside a style',
      `<style>${'body { color: red; } '.repeat(50)}</style><p>Hi</p>`,
      false,
    ],
    [
      // 5% of the characters but 13% of the bytes: each of these characters is 3 UTF-8 bytes.
      'multi-byte text in ASCII markup',
      `<div class="a-long-class-name"><span></span></div>`.repeat(10) +
        `<p>${'日本語'.repeat(9)}</p>`,
      true,
    ],
  ])('%s → %s', (_case, body, passed) => {
    expect(runCheck(textToHtmlRatio, documentOf('', body)).passed).toBe(passed);
  });

  it('does not count the title of a page without <head> as visible text', () => {
    const html = `<!DOCTYPE html><title>${'A long title. '.repeat(20)}</title>${'<div class="a-long-class-name"></div>'.repeat(20)}<p>Hi</p>`;
    expect(runCheck(textToHtmlRatio, html).passed).toBe(false);
  });
});

describe('inline_css', () => {
  it.each([
    ['classes only', '<p class="lead">x</p>', true],
    ['a style attribute', '<p style="color:red">x</p>', false],
    ['an empty style attribute', '<p style="">x</p>', false],
  ])('%s → %s', (_case, body, passed) => {
    expect(runCheck(inlineCss, documentOf('', body)).passed).toBe(passed);
  });
});

describe('deprecated_html', () => {
  it.each(['font', 'center', 'marquee', 'big', 'strike', 'tt', 'blink'])(
    '<%s> fails',
    (tag) => {
      const html = documentOf('', `<${tag}>x</${tag}>`);
      expect(runCheck(deprecatedHtml, html).passed).toBe(false);
    },
  );

  it.each([
    [
      '<frameset>',
      '<!DOCTYPE html><html><frameset><frame src="/a"></frameset></html>',
      false,
    ],
    [
      'modern markup',
      documentOf('', '<strong>x</strong><s>y</s><small>z</small>'),
      true,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(deprecatedHtml, html).passed).toBe(passed);
  });
});

import { markdownText, markdownUrl } from './markdown.js';

/** Markdown a renderer would read as markup: an image, a link, HTML, emphasis, code. */
const MARKUP = /!\[|\]\(|(?<!\\)[<*_`~#|]/;

describe('crawled strings in the Markdown comment', () => {
  it('writes a URL named like an image as a link, never an image', () => {
    const url = 'https://site.test/x![img](https://evil.example/t.png)';
    expect(markdownUrl(url)).toBe(`<${url}>`);
  });

  it('percent-encodes what would end an autolink or hide its text', () => {
    expect(markdownUrl('https://site.test/a b<script>\n\u202Egpj.exe`x`')).toBe(
      '<https://site.test/a%20b%3Cscript%3E%0A%E2%80%AEgpj.exe`x`>',
    );
  });

  it('escapes any other crawled text, so none of it is markup', () => {
    for (const text of [
      '![img](https://evil.example/t.png)',
      '[click](javascript:alert(1))',
      '<img src=x onerror=alert(1)>',
      '**bold** _em_ `code` ~~gone~~',
      '# heading\n- item',
      'a | b',
    ]) {
      const written = markdownText(text);
      expect([text, MARKUP.test(written)]).toEqual([text, false]);
      expect(written).not.toContain('\n');
      expect(written.replace(/\\(.)/g, '$1')).toBe(text.replace(/\n/g, ' '));
    }
  });

  it('shows bidi controls as code points', () => {
    expect(markdownText('Invoice \u202Egpj')).toBe('Invoice \\[U\\+202E\\]gpj');
  });

  it('writes a page URL that is not http(s) as escaped text', () => {
    expect(markdownUrl('javascript:alert(1)')).toBe(
      'javascript\\:alert\\(1\\)',
    );
  });
});

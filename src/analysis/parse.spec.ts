import { parsePage, resolveUrl, textOf } from './parse.js';

const URL_ = 'https://example.com/docs/page';

describe('parsePage', () => {
  it('indexes elements by tag, in document order, and counts them', () => {
    const page = parsePage(
      '<!DOCTYPE html><html><head><TITLE>T</TITLE></head><body><P>a</P><p>b</p></body></html>',
      URL_,
    );
    expect(page.byTag.get('p')!.map(textOf)).toEqual(['a', 'b']);
    expect(page.elementCount).toBe(6);
    expect(page.titles).toHaveLength(1);
    expect(page.hasDoctype).toBe(true);
  });

  it('keeps script, style, noscript, template, head and hidden content out of the visible text', () => {
    const page = parsePage(
      `<html><head><title>Title</title></head><body>
       <p>One  two</p><script>no()</script><style>.no{}</style>
       <noscript>no</noscript><template>no</template>
       <div hidden>no <b>no</b></div><div style="color:red; DISPLAY : none">no</div>
       <p aria-hidden="true">three</p><p>four&amp;five</p></body></html>`,
      URL_,
    );
    expect(page.visibleText).toBe('One two three four&five');
    expect(page.wordCount).toBe(4);
  });

  it('joins text nodes with spaces and collapses every kind of whitespace', () => {
    const page = parsePage('<p>a\n\t b</p><p>c\u00a0\u00a0d</p>', URL_);
    expect(page.visibleText).toBe('a b c d');
  });

  it('records head elements, headings, style attributes and microdata', () => {
    const page = parsePage(
      '<html><head><script src="/a.js"></script></head><body><h1>a</h1><script src="/b.js"></script><h3 style="x">b</h3><div itemscope></div></body></html>',
      URL_,
    );
    const [headScript, bodyScript] = page.byTag.get('script')!;
    expect(page.headElements.has(headScript)).toBe(true);
    expect(page.headElements.has(bodyScript)).toBe(false);
    expect(page.headings.map((h) => h.name)).toEqual(['h1', 'h3']);
    expect(page.styledElements.map((e) => e.name)).toEqual(['h3']);
    expect(page.itemscopes).toHaveLength(1);
  });

  it('resolves URLs against <base href>, else the final URL', () => {
    const plain = parsePage('<a href="x">x</a>', URL_);
    expect(resolveUrl(plain, 'x')!.href).toBe('https://example.com/docs/x');
    const based = parsePage(
      '<base href="https://cdn.example/root/"><a>x</a>',
      URL_,
    );
    expect(resolveUrl(based, 'x')!.href).toBe('https://cdn.example/root/x');
    expect(resolveUrl(based, 'http://[bad')).toBeNull();
  });

  it('survives very deep nesting without recursion', () => {
    const page = parsePage(`${'<div>'.repeat(20_000)}deep`, URL_);
    expect(page.elementCount).toBe(20_000);
    expect(page.visibleText).toBe('deep');
  });
});

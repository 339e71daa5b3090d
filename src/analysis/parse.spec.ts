import type { Element } from 'domhandler';
import {
  MAX_OPEN_ELEMENTS,
  parsePage,
  resolveUrl,
  textOf,
  walkWithin,
} from './parse.js';

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
    expect(page.doctype).toMatchObject({ name: 'html', publicId: null });
  });

  it('keeps title, script, style, noscript, template and hidden content out of the visible text', () => {
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

  it('collapses every kind of whitespace', () => {
    const page = parsePage('<p>a\n\t b</p><p>c\u00a0\u00a0d</p>', URL_);
    expect(page.visibleText).toBe('a b c d');
  });

  it.each([
    [
      'inline tags inside a word',
      '<p><b>T</b>wo w<i>or</i>ds</p>',
      'Two words',
    ],
    [
      'a link inside a sentence',
      '<p>See <a href="/x">the</a> docs.</p>',
      'See the docs.',
    ],
    ['adjacent spans', '<p><span>a</span><span>b</span></p>', 'ab'],
    [
      'paragraphs and headings',
      '<h1>Title</h1><p>One</p><div>Two</div>',
      'Title One Two',
    ],
    ['a line break', '<p>one<br>two</p>', 'one two'],
    [
      'table cells',
      '<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>',
      'a b c',
    ],
    [
      'list items',
      '<ul><li>a</li><li>b</li></ul><dl><dt>c</dt><dd>d</dd></dl>',
      'a b c d',
    ],
    ['text after a block', '<div>a</div>b<section>c</section>', 'a b c'],
  ])('separates words at block boundaries only: %s', (_case, html, text) => {
    expect(parsePage(html, URL_).visibleText).toBe(text);
  });

  it('counts a word split by inline tags once', () => {
    expect(parsePage('<p><b>T</b>wo</p>', URL_).wordCount).toBe(1);
  });

  describe('a page without an explicit <head>', () => {
    const page = parsePage(
      '<!DOCTYPE html><meta charset="utf-8"><title>Hidden title</title>' +
        '<link rel="stylesheet" href="/a.css"><script src="/a.js"></script>' +
        '<p>Body text</p><script src="/b.js"></script><style>p{}</style>',
      URL_,
    );
    const [headScript, bodyScript] = page.byTag.get('script')!;

    it('never counts the title as visible text', () => {
      expect(page.visibleText).toBe('Body text');
      expect(page.titles).toHaveLength(1);
    });

    it('puts what comes before the first body content in the head', () => {
      expect(page.headElements.has(headScript)).toBe(true);
      expect(page.headElements.has(page.byTag.get('meta')![0])).toBe(true);
      expect(page.headElements.has(page.byTag.get('link')![0])).toBe(true);
      expect(page.headElements.has(page.byTag.get('p')![0])).toBe(false);
      expect(page.headElements.has(bodyScript)).toBe(false);
      expect(page.headElements.has(page.byTag.get('style')![0])).toBe(false);
    });
  });

  it('ends the implied head at <body> or at body text', () => {
    const withBody = parsePage(
      '<html><title>T</title><body><script src="/a.js"></script>',
      URL_,
    );
    expect(withBody.headElements.has(withBody.byTag.get('script')![0])).toBe(
      false,
    );
    const withText = parsePage(
      '<title>T</title>Hello<script src="/a.js"></script>',
      URL_,
    );
    expect(withText.headElements.has(withText.byTag.get('script')![0])).toBe(
      false,
    );
    expect(withText.visibleText).toBe('Hello');
  });

  it('does not take a leading BOM for body text', () => {
    const page = parsePage(
      '\uFEFF<title>T</title><script src="/a.js"></script><p>x</p>',
      URL_,
    );
    expect(page.headElements.has(page.byTag.get('script')![0])).toBe(true);
  });

  it('ends an explicit head at body content, as browsers do', () => {
    const page = parsePage(
      '<html><head><title>T</title><div>Oops</div><script src="/a.js"></script></head><body></body></html>',
      URL_,
    );
    expect(page.headElements.has(page.byTag.get('title')![0])).toBe(true);
    expect(page.headElements.has(page.byTag.get('script')![0])).toBe(false);
    expect(page.visibleText).toBe('Oops');
  });

  it('leaves the contents of <template> out of every index', () => {
    const page = parsePage(
      '<html><head></head><body><template><h1 style="x" itemscope>Card</h1><title>t</title></template><h1>Real</h1></body></html>',
      URL_,
    );
    expect(page.byTag.get('h1')).toHaveLength(1);
    expect(page.headings).toHaveLength(1);
    expect(page.titles).toHaveLength(0);
    expect(page.styledElements).toHaveLength(0);
    expect(page.itemscopes).toHaveLength(0);
    expect(page.elementCount).toBe(5);
    expect(page.visibleText).toBe('Real');
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

  it(`nests at most ${MAX_OPEN_ELEMENTS} deep: deeper elements go beside the innermost, none is lost`, () => {
    const page = parsePage(
      `${'<div>'.repeat(MAX_OPEN_ELEMENTS + 100)}<p>end</p>`,
      URL_,
    );
    const depthOf = (element: Element) => {
      let depth = 0;
      for (let node = element.parent; node; node = node.parent) depth++;
      return depth;
    };
    const divs = page.byTag.get('div')!;
    expect(divs).toHaveLength(MAX_OPEN_ELEMENTS + 100);
    expect(Math.max(...divs.map(depthOf))).toBe(MAX_OPEN_ELEMENTS);
    expect(textOf(page.byTag.get('p')![0])).toBe('end');
    expect(page.visibleText).toBe('end');
  });

  it('keeps what is inside code out of the prose text and marks the links there', () => {
    const page = parsePage(
      '<p>Write to <code>ann@shop.example</code> or <kbd>Ctrl</kbd></p><pre>x <a href="/a">continue</a></pre><a href="/b">b</a>',
      URL_,
    );
    expect(page.visibleText).toBe(
      'Write to ann@shop.example or Ctrl x continue b',
    );
    expect(page.proseText).toBe('Write to or b');
    expect([...page.linksInCode].map((a) => a.attribs.href)).toEqual(['/a']);
  });
});

describe('walkWithin', () => {
  it('visits an element and its descendants in document order, skipping what visit refuses', () => {
    const page = parsePage(
      '<div id="top"><p>a<b>b</b></p><script>s</script><i>c</i></div>',
      URL_,
    );
    const seen: string[] = [];
    walkWithin(page.byTag.get('div')![0], (node) => {
      seen.push('name' in node ? node.name : (node as { data: string }).data);
      return !('name' in node) || node.name !== 'script';
    });
    expect(seen).toEqual(['div', 'p', 'a', 'b', 'b', 'script', 'i', 'c']);
  });

  it('reads a bounded number of nodes, however large the subtree', () => {
    const page = parsePage(
      `<a href="/x">${'<span>y</span>'.repeat(50_000)}</a>`,
      URL_,
    );
    let visited = 0;
    walkWithin(page.byTag.get('a')![0], () => {
      visited++;
    });
    expect(visited).toBeLessThan(5_000);
    expect(textOf(page.byTag.get('a')![0]).length).toBeLessThan(5_000);
  });
});

import { sanitiseSvg } from './svg-sanitiser.js';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

/** The cleaned SVG, failing the test when it was refused. */
function cleaned(svg: string): string {
  const result = sanitiseSvg(svg);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result.svg;
}

describe('sanitiseSvg', () => {
  it('keeps paths, shapes, text and gradients referenced by #id', () => {
    const svg = cleaned(
      `<?xml version="1.0" encoding="UTF-8"?>
<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40" width="100" height="40">
  <defs>
    <linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0a7"/><stop offset="1" stop-color="#057"/></linearGradient>
    <path id="p" d="M0 0h10v10z"/>
  </defs>
  <g transform="translate(2 2)">
    <path d="M0 0L10 10" fill="url(#g)" stroke="#333" stroke-width="2"/>
    <circle cx="5" cy="5" r="4" style="fill:url(#g);opacity:.5"/>
    <use href="#p" x="20"/><use xlink:href="#p" x="40"/>
    <text x="60" y="20" font-family="sans-serif">Acme &amp; Co</text>
  </g>
</svg>`,
    );
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('viewBox="0 0 100 40"');
    expect(svg).toContain('<linearGradient id="g" x1="0" x2="1">');
    expect(svg).toContain('<stop offset="0" stop-color="#0a7"/>');
    expect(svg).toContain('<path d="M0 0L10 10" fill="url(#g)"');
    expect(svg).toContain('style="fill:url(#g);opacity:.5"');
    expect(svg).toContain('<use href="#p" x="20"/>');
    expect(svg).toContain('<use xlink:href="#p" x="40"/>');
    expect(svg).toContain('>Acme &amp; Co</text>');
    expect(svg).toContain('<g transform="translate(2 2)">');
  });

  it('gives the root the SVG namespace, which an <img> needs', () => {
    expect(
      cleaned('<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>'),
    ).toBe(
      `<svg viewBox="0 0 1 1" ${SVG_NS}><rect width="1" height="1"/></svg>`,
    );
  });

  it('removes a script element and what it holds', () => {
    const svg = cleaned(
      `<svg ${SVG_NS}><script>alert(1)</script><script type="text/javascript"><![CDATA[alert(2)]]></script><rect width="1" height="1"/></svg>`,
    );
    expect(svg).not.toMatch(/script|alert/);
    expect(svg).toContain('<rect width="1" height="1"/>');
  });

  it('removes every on* event handler attribute', () => {
    const svg = cleaned(
      `<svg ${SVG_NS} onload="alert(1)"><rect width="1" height="1" onclick="alert(2)" ONMOUSEOVER="alert(3)"/><animate onbegin="alert(4)"/></svg>`,
    );
    expect(svg).not.toMatch(/on\w+=|alert/i);
    expect(svg).toContain('<rect width="1" height="1"/>');
  });

  it('removes an external <image href="http://...">, and keeps a data: PNG one', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const svg = cleaned(
      `<svg ${SVG_NS}><image href="http://evil.example/track.png" width="1" height="1"/><image href="${png}" width="2" height="2"/></svg>`,
    );
    expect(svg).not.toContain('evil.example');
    expect(svg).toContain(`<image href="${png}" width="2" height="2"/>`);
  });

  it('removes an xlink:href to https, and a data: URI of another type', () => {
    const svg = cleaned(
      `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example/x.svg" width="1"/><image xlink:href="data:image/svg+xml;base64,PHN2Zy8+" width="1"/><use xlink:href="javascript:alert(1)"/></svg>`,
    );
    expect(svg).not.toMatch(/evil\.example|image\/svg\+xml|javascript/);
  });

  it('removes <use href="//x">, file: and other external references', () => {
    const svg = cleaned(
      `<svg ${SVG_NS}><use href="//x"/><use href="file:///etc/passwd"/><use href=" https://x/y#z"/><use href="#ok"/></svg>`,
    );
    expect(svg).not.toMatch(/\/\/x|file:|https:/);
    expect(svg).toContain('<use href="#ok"/>');
  });

  it('removes a style attribute that loads url(https://...), keeps one of url(#id)', () => {
    const svg = cleaned(
      `<svg ${SVG_NS}><rect style="fill:url(https://evil.example/x)" width="1"/><rect style="fill: URL( 'https://evil.example/y' )" width="2"/><rect style="fill:u\\72l(https://evil.example/z)" width="3"/><rect fill="url(http://evil.example/f)" width="4"/></svg>`,
    );
    expect(svg).not.toContain('evil.example');
    expect(svg).toContain('<rect width="1"/>');
    expect(svg).toContain('<rect width="2"/>');
    expect(svg).toContain('<rect width="3"/>');
    expect(svg).toContain('<rect width="4"/>');
  });

  it('removes <foreignObject> and the HTML inside it', () => {
    const svg = cleaned(
      `<svg ${SVG_NS}><foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe></div></foreignObject><rect width="1"/></svg>`,
    );
    expect(svg).not.toMatch(/foreignObject|iframe|div|evil/);
    expect(svg).toContain('<rect width="1"/>');
  });

  it('removes a <style> with @import or an external url(), keeps a harmless one', () => {
    const svg = cleaned(
      `<svg ${SVG_NS}><style>@import url(https://evil.example/x.css);</style><style>@import "//evil.example/y.css";</style><style>rect{background:url(http://evil.example/z)}</style><style>.a{fill:#0a7}</style><rect class="a" width="1"/></svg>`,
    );
    expect(svg).not.toMatch(/@import|evil/);
    expect(svg).toContain('<style>.a{fill:#0a7}</style>');
    expect(svg).toContain('<rect class="a" width="1"/>');
  });

  it('drops a DOCTYPE, its entities and processing instructions: nothing is expanded, nothing is fetched', () => {
    const svg = cleaned(
      `<?xml version="1.0"?>
<?xml-stylesheet href="https://evil.example/x.css"?>
<!DOCTYPE svg [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY lol "lollollollollol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
<svg ${SVG_NS}><text>&xxe;&lol2;</text></svg>`,
    );
    expect(svg).not.toMatch(/DOCTYPE|ENTITY|passwd|lollol|SYSTEM|evil/);
    expect(svg).toMatch(/^<svg /);
    // An unknown entity stays text, escaped: never a reference a reader expands.
    expect(svg).toContain('<text>&amp;xxe;&amp;lol2;</text>');
  });

  it('escapes what it writes back: no attribute or text can open markup', () => {
    const svg = cleaned(
      `<svg ${SVG_NS}><text x="1&quot;&gt;&lt;script&gt;">a &lt;script&gt; b</text></svg>`,
    );
    expect(svg).toContain('x="1&quot;&gt;&lt;script&gt;"');
    expect(svg).toContain('a &lt;script&gt; b');
  });

  it('drops elements and attributes outside the allow-list, and comments', () => {
    const svg = cleaned(
      `<svg ${SVG_NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"><!-- made by hand --><a href="https://evil.example/"><rect width="9"/></a><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/><iframe/><rect inkscape:label="x" data-x="y" width="1"/></svg>`,
    );
    expect(svg).toBe(`<svg ${SVG_NS}><rect width="1"/></svg>`);
  });

  it('refuses a document whose root is not <svg>', () => {
    for (const text of [
      '<html><body><svg/></body></html>',
      '<?xml version="1.0"?><foo/>',
      'just some text',
      '',
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>',
    ]) {
      expect(sanitiseSvg(text)).toEqual({
        refused: expect.stringMatching(/root/),
      });
    }
  });

  it('refuses a second root element', () => {
    expect(sanitiseSvg(`<svg ${SVG_NS}/><svg ${SVG_NS}/>`)).toEqual({
      refused: expect.stringMatching(/one root/),
    });
  });

  it('refuses an SVG that does not parse: an element left open or closed out of order', () => {
    for (const text of [
      `<svg ${SVG_NS}><g><rect width="1"/></svg>`,
      `<svg ${SVG_NS}><g>`,
      `<svg ${SVG_NS}><g><text></g></text></svg>`,
    ]) {
      expect(sanitiseSvg(text)).toEqual({
        refused: expect.stringMatching(/not well-formed/),
      });
    }
  });
});

import { parsePage } from '../parse.js';
import { structuredDataOf } from './extract.js';
import type { StructuredNode, StructuredValue } from './extract.js';

function read(html: string) {
  return structuredDataOf(parsePage(html, 'https://example.com/page'));
}

/** A node as plain data, to compare in one expectation. */
function plain(value: StructuredValue): unknown {
  if (typeof value === 'string') return value;
  return {
    types: value.types,
    ...Object.fromEntries(
      [...value.properties].map(([name, values]) => [
        name,
        values.length === 1 ? plain(values[0]) : values.map(plain),
      ]),
    ),
  };
}

const nodeOf = (node: StructuredNode) => plain(node);

describe('reading JSON-LD', () => {
  it('reads each top-level object with the line of its block', () => {
    const data = read(
      [
        '<!DOCTYPE html>',
        '<html><head>',
        '<script type="application/ld+json">',
        '{"@context": "https://schema.org", "@type": "Product", "name": "Anvil",',
        ' "offers": {"@type": "Offer", "price": 119.99, "priceCurrency": "USD"}}',
        '</script>',
        '</head><body></body></html>',
      ].join('\n'),
    );
    expect(data.syntaxErrors).toEqual([]);
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({ syntax: 'json-ld', line: 3 });
    expect(nodeOf(data.items[0].node)).toEqual({
      types: ['Product'],
      name: 'Anvil',
      offers: { types: ['Offer'], price: '119.99', priceCurrency: 'USD' },
    });
    expect(data.items[0].node.schemaOrg).toBe(true);
  });

  it('reads the members of an @graph and of a top-level array, and full IRIs', () => {
    const data = read(
      `<script type="application/ld+json">{"@context": {"@vocab": "http://schema.org/"}, "@graph": [
        {"@type": "Organization", "name": "ACME"}, {"@type": "WebSite", "url": "https://example.com/"}]}</script>
       <script type="application/ld+json">[{"@type": "https://schema.org/Person", "https://schema.org/name": "Jane"}]</script>`,
    );
    expect(data.items.map((item) => nodeOf(item.node))).toEqual([
      { types: ['Organization'], name: 'ACME' },
      { types: ['WebSite'], url: 'https://example.com/' },
      { types: ['Person'], name: 'Jane' },
    ]);
    expect(data.items.map((item) => item.line)).toEqual([1, 1, 3]);
  });

  it('keeps a vocabulary other than schema.org apart', () => {
    const [item] = read(
      '<script type="application/ld+json">{"@context": "https://www.w3.org/ns/activitystreams", "@type": "Note"}</script>',
    ).items;
    expect(item.node.schemaOrg).toBe(false);
  });

  it("names the line where a broken block goes wrong, and the parser's error", () => {
    const data = read(
      [
        '<!DOCTYPE html><html><head>', // line 1
        '<script type="application/ld+json">', // line 2
        '{', // line 3
        '  "@context": "https://schema.org",', // line 4
        '  "@type": "Organization",', // line 5
        '  "name": "ACME",', // line 6
        '}', // line 7: the trailing comma before it
        '</script>',
        '</head><body></body></html>',
      ].join('\n'),
    );
    expect(data.items).toEqual([]);
    expect(data.jsonLdBlocks).toBe(1);
    expect(data.syntaxErrors).toEqual([
      { line: 7, message: expect.stringMatching(/JSON|token|property/i) },
    ]);
  });

  it('does not count a JSON scalar as an item', () => {
    const data = read('<script type="application/ld+json">42</script>');
    expect(data.items).toEqual([]);
    expect(data.syntaxErrors).toEqual([]);
  });
});

describe('reading microdata', () => {
  it('reads items, their properties and nested items, by the HTML standard', () => {
    const data = read(
      [
        '<!DOCTYPE html><html><body>',
        '<div itemscope itemtype="https://schema.org/Product">',
        '  <h1 itemprop="name">Executive Anvil</h1>',
        '  <img itemprop="image" src="/anvil.jpg" alt="">',
        '  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">',
        '    <meta itemprop="priceCurrency" content="USD">',
        '    $<span itemprop="price">119.99</span>',
        '    <link itemprop="availability" href="https://schema.org/InStock">',
        '  </div>',
        '  <time itemprop="releaseDate" datetime="2024-01-05">5 January</time>',
        '</div>',
        '</body></html>',
      ].join('\n'),
    );
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({ syntax: 'microdata', line: 2 });
    expect(nodeOf(data.items[0].node)).toEqual({
      types: ['Product'],
      name: 'Executive Anvil',
      image: 'https://example.com/anvil.jpg',
      offers: {
        types: ['Offer'],
        priceCurrency: 'USD',
        price: '119.99',
        availability: 'https://schema.org/InStock',
      },
      releaseDate: '2024-01-05',
    });
  });
});

describe('reading RDFa Lite', () => {
  it('reads items under a schema.org vocab, their properties and nested items', () => {
    const data = read(
      [
        '<!DOCTYPE html><html><body vocab="https://schema.org/">',
        '<div typeof="Event">',
        '  <span property="name">Jazz night</span>',
        '  <time property="startDate" datetime="2025-07-21T19:00">21 July</time>',
        '  <div property="location" typeof="Place">',
        '    <span property="name">The Club</span>',
        '    <span property="address">1 Main St</span>',
        '  </div>',
        '</div>',
        '</body></html>',
      ].join('\n'),
    );
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({ syntax: 'rdfa', line: 2 });
    expect(nodeOf(data.items[0].node)).toEqual({
      types: ['Event'],
      name: 'Jazz night',
      startDate: '2025-07-21T19:00',
      location: { types: ['Place'], name: 'The Club', address: '1 Main St' },
    });
    expect(data.items[0].node.schemaOrg).toBe(true);
  });

  it('reads schema: prefixed terms, and keeps other vocabularies apart', () => {
    const data = read(
      '<div typeof="schema:Person"><span property="schema:name">Jane</span></div><div vocab="http://xmlns.com/foaf/0.1/" typeof="Person"></div>',
    );
    expect(data.items.map((item) => nodeOf(item.node))).toEqual([
      { types: ['Person'], name: 'Jane' },
      { types: ['Person'] },
    ]);
    expect(data.items.map((item) => item.node.schemaOrg)).toEqual([
      true,
      false,
    ]);
  });
});

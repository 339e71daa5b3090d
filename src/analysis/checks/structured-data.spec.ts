import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import {
  richResultIneligible,
  structuredData,
  structuredDataInvalid,
} from './structured-data.js';

const jsonLd = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

const ANVIL = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Executive Anvil',
  offers: { '@type': 'Offer', price: '119.99', priceCurrency: 'USD' },
};

describe('structured_data', () => {
  it.each([
    [
      'valid JSON-LD',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '',
      true,
    ],
    [
      'microdata',
      '',
      '<div itemscope itemtype="https://schema.org/Product"></div>',
      true,
    ],
    [
      'RDFa',
      '',
      '<div vocab="https://schema.org/" typeof="Product"></div>',
      true,
    ],
    [
      'JSON-LD that does not parse',
      '<script type="application/ld+json">{"@type":</script>',
      '',
      false,
    ],
    [
      'a JSON-LD scalar',
      '<script type="application/ld+json">42</script>',
      '',
      false,
    ],
    ['neither', '', '<p>x</p>', false],
  ])('%s → %s', (_case, head, body, passed) => {
    expect(runCheck(structuredData, documentOf(head, body)).passed).toBe(
      passed,
    );
  });

  it('lists the items found, each with its syntax, line and rich-result eligibility', () => {
    const outcome = runCheck(
      structuredData,
      `<!DOCTYPE html>\n<html><head>\n${jsonLd(ANVIL)}\n</head><body>\n<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Jazz</span></div>\n</body></html>`,
    );
    expect(outcome).toEqual({
      passed: true,
      message:
        'The page has 2 items of structured data (1 in JSON-LD, 1 in microdata); 1 is eligible for a rich result.',
      value: [
        {
          type: 'Product',
          syntax: 'json-ld',
          line: 3,
          rich_results: [{ feature: 'Product snippet', eligible: true }],
        },
        {
          type: 'Event',
          syntax: 'microdata',
          line: 5,
          rich_results: [{ feature: 'Event', eligible: false }],
        },
      ],
    });
  });

  it('keeps at most 20 items as evidence, and judges the first 100', () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Thing',
        name: `${i}`,
      }),
    ).join('');
    const outcome = runCheck(structuredData, documentOf(items, ''));
    expect(outcome.message).toMatch(/^The page has 30 items/);
    expect(outcome.value).toHaveLength(20);
    const listing = Array.from(
      { length: 150 },
      (_, i) =>
        `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">${i}</span></div>`,
    ).join('');
    expect(runCheck(structuredData, documentOf('', listing)).message).toBe(
      'The page has 150 items of structured data, the first 100 judged (100 in microdata); 0 are eligible for a rich result.',
    );
  });
});

describe('structured_data_invalid', () => {
  it('does not apply without structured data', () => {
    expect(runCheck(structuredDataInvalid, documentOf('', '<p>x</p>'))).toEqual(
      {
        passed: null,
        message: 'The page has no structured data.',
      },
    );
  });

  it('passes valid schema.org in any syntax', () => {
    const outcome = runCheck(
      structuredDataInvalid,
      documentOf(
        jsonLd(ANVIL),
        '<div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jane</span></div>',
      ),
    );
    expect(outcome.passed).toBe(true);
  });

  it('names the line and the error of a JSON-LD block that does not parse', () => {
    const html = [
      '<!DOCTYPE html>',
      '<html><head>',
      '<script type="application/ld+json">',
      '{"@context": "https://schema.org",',
      ' "@type": "Organization"',
      ' "name": "ACME"}',
      '</script>',
      '</head><body></body></html>',
    ].join('\n');
    const outcome = runCheck(structuredDataInvalid, html);
    expect(outcome.passed).toBe(false);
    expect(outcome.message).toBe('1 JSON-LD block does not parse.');
    expect(outcome.value).toEqual([
      expect.stringMatching(/^JSON-LD, line 6: \S/),
    ]);
  });

  it('names an unknown type, an unknown property and a property of another type', () => {
    const outcome = runCheck(
      structuredDataInvalid,
      documentOf(
        jsonLd({
          '@context': 'https://schema.org',
          '@type': 'Prodct',
          name: 'Anvil',
        }) +
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: 'Anvil',
            colour: 'black',
            price: '1',
          }),
        '<div itemscope itemtype="https://schema.org/Person"><span itemprop="nmae">Jane</span></div>',
      ),
    );
    expect(outcome).toEqual({
      passed: false,
      message: '4 schema.org terms are unknown or misplaced.',
      value: [
        'JSON-LD, line 1: "Prodct" is not a schema.org type',
        'JSON-LD, line 1: "colour" is not a schema.org property',
        'JSON-LD, line 1: "price" is not a property of Product in schema.org',
        'microdata, line 1: "nmae" is not a schema.org property',
      ],
    });
  });

  it('leaves other vocabularies alone', () => {
    const outcome = runCheck(
      structuredDataInvalid,
      documentOf(
        jsonLd({
          '@context': 'https://www.w3.org/ns/activitystreams',
          '@type': 'Note',
          content: 'Hi',
        }),
        '',
      ),
    );
    expect(outcome.passed).toBe(true);
  });
});

describe('rich_result_ineligible', () => {
  it('does not apply without an item of a rich-result type', () => {
    const outcome = runCheck(
      richResultIneligible,
      documentOf(
        jsonLd({ '@context': 'https://schema.org', '@type': 'WebSite' }),
        '',
      ),
    );
    expect(outcome.passed).toBeNull();
  });

  it('names the type and the required property an ineligible item lacks', () => {
    const outcome = runCheck(
      richResultIneligible,
      documentOf(
        jsonLd({
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: 'Jazz night',
          location: { '@type': 'Place', name: 'The Club' },
        }),
        '',
      ),
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.message).toBe(
      '1 item is not eligible for a rich result: the Event item (JSON-LD, line 1) lacks startDate. 1 item lacks recommended properties.',
    );
    expect(outcome.value).toEqual([
      {
        type: 'Event',
        feature: 'Event',
        place: 'JSON-LD, line 1',
        eligible: false,
        missing_required: ['startDate'],
        missing_recommended: [
          'description',
          'endDate',
          'eventAttendanceMode',
          'eventStatus',
          'image',
          'offers',
          'organizer',
          'performer',
        ],
        doc_url:
          'https://developers.google.com/search/docs/appearance/structured-data/event',
      },
    ]);
  });

  it('passes eligible items, warning of missing recommended properties', () => {
    const outcome = runCheck(
      richResultIneligible,
      documentOf(jsonLd(ANVIL), ''),
    );
    expect(outcome.passed).toBe(true);
    expect(outcome.message).toBe(
      '1 item is eligible for a rich result. 1 item lacks recommended properties.',
    );
    expect(outcome.value).toEqual([
      expect.objectContaining({
        feature: 'Product snippet',
        eligible: true,
        missing_required: [],
        missing_recommended: [
          'review',
          'aggregateRating',
          'offers.availability',
        ],
      }),
    ]);
  });
});

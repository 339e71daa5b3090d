import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import {
  containsWord,
  contentKeywords,
  h1,
  headingOrder,
  imageAlt,
  metaDescription,
  pageTitleOf,
  significantWords,
  title,
} from './seo-content.js';

const body = (html: string) => documentOf('<title>Pricing plans</title>', html);

describe('title', () => {
  it.each([
    [
      'a title of 10–60 characters',
      '<title>Pricing plans for teams</title>',
      true,
    ],
    ['exactly 10 characters', '<title>0123456789</title>', true],
    ['exactly 60 characters', `<title>${'a'.repeat(60)}</title>`, true],
    ['no title', '', false],
    ['an empty title', '<title>   </title>', false],
    ['a 9-character title', '<title>012345678</title>', false],
    ['a 61-character title', `<title>${'a'.repeat(61)}</title>`, false],
    [
      'two titles',
      '<title>Pricing plans</title><title>Other title</title>',
      false,
    ],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(title, documentOf(head, '<p>x</p>')).passed).toBe(passed);
  });

  it('counts characters, not UTF-16 units, and gives the text as evidence', () => {
    const outcome = runCheck(
      title,
      documentOf(`<title>${'😀'.repeat(60)}</title>`, ''),
    );
    expect(outcome.passed).toBe(true);
    expect(outcome.message).toBe('The title is 60 characters long.');
    expect(outcome.value).toBe('😀'.repeat(60));
  });

  it('ignores the <title> of an inline SVG', () => {
    const html = documentOf(
      '<title>Pricing plans for teams</title>',
      '<svg><title>Chart</title></svg>',
    );
    expect(runCheck(title, html).passed).toBe(true);
  });
});

describe('meta_description', () => {
  const description = (content: string) =>
    documentOf(`<meta name="description" content="${content}">`, '');
  it.each([
    ['50 characters', description('d'.repeat(50)), true],
    ['160 characters', description('d'.repeat(160)), true],
    [
      'NAME in capitals',
      `<meta NAME="Description" content="${'d'.repeat(80)}">`,
      true,
    ],
    ['49 characters', description('d'.repeat(49)), false],
    ['161 characters', description('d'.repeat(161)), false],
    ['empty', description(''), false],
    ['missing', documentOf('', ''), false],
    [
      'two of them',
      documentOf(
        `<meta name="description" content="${'d'.repeat(80)}"><meta name="description" content="${'e'.repeat(80)}">`,
        '',
      ),
      false,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(metaDescription, html).passed).toBe(passed);
  });
});

describe('h1', () => {
  it.each([
    ['one h1', '<h1>Pricing</h1>', true],
    [
      'an h1 holding only a logo with alt text',
      '<h1><img src="/logo.svg" alt="Example"></h1>',
      true,
    ],
    ['no h1', '<h2>Pricing</h2>', false],
    ['an empty h1', '<h1> </h1>', false],
    // Google: several <h1> are fine; a theme's second one is no problem.
    ['two h1', '<h1>One</h1><h1>Two</h1>', true],
    ['two h1, one of them empty', '<h1>One</h1><h1></h1>', false],
    [
      'one h1 and another inside a <template>',
      '<template><h1>Card</h1></template><h1>Pricing</h1>',
      true,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(h1, body(html)).passed).toBe(passed);
  });
});

describe('heading_order', () => {
  it.each([
    [
      'h1 h2 h3 h2 h3',
      '<h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2><h3>e</h3>',
      true,
    ],
    [
      'going back up by several levels',
      '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h2>e</h2>',
      true,
    ],
    ['no headings at all', '<p>text</p>', true],
    ['h2 → h4', '<h1>a</h1><h2>b</h2><h4>c</h4>', false],
    ['h1 → h3', '<h1>a</h1><h3>b</h3>', false],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(headingOrder, body(html)).passed).toBe(passed);
  });

  it('lists the skips', () => {
    const outcome = runCheck(
      headingOrder,
      body('<h2>a</h2><h4>b</h4><h1>c</h1><h3>d</h3>'),
    );
    expect(outcome.value).toEqual(['h2 → h4', 'h1 → h3']);
  });
});

describe('content_keywords', () => {
  const page = (titleText: string, text: string) =>
    documentOf(`<title>${titleText}</title>`, `<p>${text}</p>`);
  it.each([
    [
      'every keyword in the text',
      page('Pricing plans for teams', 'Our pricing plans suit teams.'),
      true,
    ],
    [
      'half of the keywords',
      page('Pricing plans for teams', 'Our plans are cheap.'),
      false,
    ],
    [
      'two of three keywords',
      page('Pricing plans for teams', 'Our plans suit teams.'),
      true,
    ],
    [
      'a singular form of a plural keyword',
      page('Pricing plans', 'A plan with pricing.'),
      true,
    ],
    [
      'keywords absent from the text',
      page('Pricing plans for teams', 'Welcome to our website.'),
      false,
    ],
    [
      'keywords only inside a script',
      page('Pricing plans', '<script>pricing plans</script>hello'),
      false,
    ],
    ['no title', documentOf('', '<p>Pricing plans</p>'), null],
    [
      'a title of stop words only',
      page('Here and there', 'Here and there'),
      null,
    ],
    [
      'a title without a word of 3 letters',
      page('DO', 'Anonymous code blocks.'),
      null,
    ],
    [
      'an identifier of short parts',
      page('pg_am', 'Index access methods.'),
      null,
    ],
    [
      'an identifier the text names',
      page('pg_stat_activity', 'The view pg_stat_activity shows sessions.'),
      true,
    ],
    [
      'an identifier the text names only in parts',
      page('pg_stat_activity', 'The stat of each activity.'),
      false,
    ],
    [
      'keywords only in the title of a page without <head>',
      '<!DOCTYPE html><title>Pricing plans for teams</title><p>Welcome to our website.</p>',
      false,
    ],
    [
      'keywords split by inline markup',
      page('Pricing plans for teams', '<b>Pri</b>cing <em>pl</em>ans'),
      true,
    ],
    [
      'a title that is only its site name after the page word',
      page('in - Rust', 'Keyword for iterating over values in a loop.'),
      null,
    ],
    [
      'keywords in the text, the site name not',
      page('Pricing plans | Acme Audits', 'Our pricing plans.'),
      true,
    ],
    [
      'only the site name in the text',
      page('Pricing plans — Acme Audits', 'Acme Audits welcomes you.'),
      false,
    ],
    [
      'a hyphen inside a word is no separator',
      page('Server-side rendering', 'Rendering on the server side.'),
      true,
    ],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(contentKeywords, html).passed).toBe(passed);
  });

  it('leaves out a trailing site name, after the last separator', () => {
    expect(pageTitleOf('in - Rust')).toEqual({ page: 'in', siteName: 'Rust' });
    expect(pageTitleOf('Guide · Install – Acme Docs')).toEqual({
      page: 'Guide · Install',
      siteName: 'Acme Docs',
    });
    expect(pageTitleOf('Server-side rendering')).toEqual({
      page: 'Server-side rendering',
      siteName: null,
    });
  });

  it('says the title holds nothing but the site name', () => {
    expect(runCheck(contentKeywords, page('in - Rust', 'text')).message).toBe(
      'The title has no significant word besides the site name ("Rust") to look for in the text.',
    );
  });

  it('leaves out short words and stop words', () => {
    expect(significantWords('The pricing of our AI plans, for teams')).toEqual([
      'pricing',
      'plans',
      'teams',
    ]);
  });

  it('keeps an identifier joined by _ as one word, significant when a part has 3 letters', () => {
    expect(significantWords('pg_am and pg_stat_activity')).toEqual([
      'pg_stat_activity',
    ]);
    expect(significantWords('__init__ method')).toEqual(['init', 'method']);
  });

  it('matches whole words only', () => {
    expect(containsWord('pricing plans', 'plan')).toBe(false);
    expect(containsWord('a plan, priced', 'plan')).toBe(true);
    expect(containsWord('planet', 'plan')).toBe(false);
    expect(containsWord('pg_stat_activity', 'stat')).toBe(false);
    expect(containsWord('see pg_stat_activity.', 'pg_stat_activity')).toBe(
      true,
    );
  });
});

describe('image_alt', () => {
  it.each([
    [
      'every image with alt',
      '<img src="a.webp" alt="A"><img src="b.webp" alt="">',
      true,
    ],
    [
      'an image without alt',
      '<img src="a.webp" alt="A"><img src="b.webp">',
      false,
    ],
    ['no images', '<p>text</p>', null],
  ])('%s → %s', (_case, html, passed) => {
    expect(runCheck(imageAlt, body(html)).passed).toBe(passed);
  });

  it('names the offending images', () => {
    const outcome = runCheck(imageAlt, body('<img src="/b.webp">'));
    expect(outcome.value).toEqual(['<img src="/b.webp">']);
  });

  it.each([
    ['<img src="a.webp">', '1 of 1 image lacks an alt attribute.'],
    [
      '<img src="a.webp"><img src="b.webp"><img src="c.webp" alt="C">',
      '2 of 3 images lack an alt attribute.',
    ],
  ])('says how many lack alt: %s', (html, message) => {
    expect(runCheck(imageAlt, body(html)).message).toBe(message);
  });
});

import { bareRecord } from '../frontier/crawl-records.js';
import type { PageReading } from './page-reading.js';
import {
  AUTO_SAMPLE,
  RenderChoices,
  renderChanges,
  templateOf,
} from './render-choice.js';

function reading(
  fields: { words?: number; links?: string[]; failedChecks?: string[] } = {},
): PageReading {
  return {
    record: bareRecord({
      html: true,
      statusCode: 200,
      words: fields.words ?? 100,
      failedChecks: fields.failedChecks ?? [],
    }),
    discoveries: [],
    links: (fields.links ?? ['1', '2']).map((toHash, position) => ({
      toHash,
      followed: true,
      anchor: '',
      position,
    })),
    probeTargets: [],
  };
}

describe('templateOf', () => {
  it.each([
    ['https://site.test/', 'abcdef0123', '/'],
    ['https://site.test/docs/intro.html', null, '/docs/*'],
    [
      'https://site.test/docs/intro.html',
      'abcdef0123',
      '/docs/* (layout abcdef01)',
    ],
    ['https://site.test/blog/2024-05-01/post', null, '/blog/{id}/*'],
    ['https://site.test/shop/12345/item', null, '/shop/{id}/*'],
    ['https://site.test/about', null, '/*'],
  ])('%s with layout %s is %s', (url, skeleton, template) => {
    expect(templateOf(url, skeleton)).toBe(template);
  });
});

describe('renderChanges', () => {
  it('finds nothing when a render leaves what matters as the raw HTML has it', () => {
    expect(renderChanges(reading(), reading({ words: 105 }))).toBeNull();
  });

  it.each([
    [{ words: 300 }, 'the text (100 words raw, 300 rendered)'],
    [{ words: 0 }, 'the text (100 words raw, 0 rendered)'],
    [{ links: ['1', '2', '3'] }, 'the links (2 raw, 3 rendered)'],
    [{ links: ['1'] }, 'the links (2 raw, 1 rendered)'],
    [{ links: ['1', '3'] }, 'the links (2 raw, 2 rendered)'],
    [{ failedChecks: ['rendered_title'] }, 'the title'],
    [
      { failedChecks: ['rendered_canonical', 'rendered_noindex'] },
      'the canonical, the robots directives',
    ],
  ])('says what changed: %j', (rendered, said) => {
    expect(renderChanges(reading(), reading(rendered))).toBe(said);
  });

  it('takes script errors and blocked resources for no change of what is read', () => {
    expect(
      renderChanges(
        reading(),
        reading({
          failedChecks: ['script_errors', 'rendered_blocked_resources'],
        }),
      ),
    ).toBeNull();
  });
});

describe('RenderChoices', () => {
  it('samples a template’s first pages, then judges the rest raw when none changed', async () => {
    const choices = new RenderChoices();
    const kinds: string[] = [];
    for (let i = 0; i < AUTO_SAMPLE + 2; i++) {
      const choice = await choices.choose('crawl', '/docs/*');
      kinds.push(choice.kind);
      if (choice.kind === 'sample') {
        choices.learn('crawl', '/docs/*', `https://site.test/docs/${i}`, null);
      }
    }
    expect(kinds).toEqual([
      ...Array<string>(AUTO_SAMPLE).fill('sample'),
      'raw',
      'raw',
    ]);
  });

  it('renders every page of a template once a sample changed, and says where', async () => {
    const choices = new RenderChoices();
    await choices.choose('crawl', '/app/*');
    choices.learn(
      'crawl',
      '/app/*',
      'https://site.test/app/1',
      'the links (0 raw, 4 rendered)',
    );
    const next = await choices.choose('crawl', '/app/*');
    expect(next.kind).toBe('rendered');
    expect(next.reason).toContain(
      'the links (0 raw, 4 rendered) on https://site.test/app/1',
    );
  });

  it('samples again when a sample gave no page, and keeps crawls and templates apart', async () => {
    const choices = new RenderChoices();
    for (let i = 0; i < AUTO_SAMPLE; i++) {
      await choices.choose('crawl', '/docs/*');
      choices.learn(
        'crawl',
        '/docs/*',
        `https://site.test/docs/${i}`,
        undefined,
      );
    }
    expect((await choices.choose('crawl', '/docs/*')).kind).toBe('sample');
    expect((await choices.choose('other', '/docs/*')).kind).toBe('sample');
    expect((await choices.choose('crawl', '/blog/*')).kind).toBe('sample');
  });

  it('holds a page while its template’s samples are all out, then decides it by them', async () => {
    const choices = new RenderChoices();
    const samples = await Promise.all(
      Array.from({ length: AUTO_SAMPLE }, () =>
        choices.choose('crawl', '/docs/*'),
      ),
    );
    expect(samples.map((choice) => choice.kind)).toEqual(
      Array<string>(AUTO_SAMPLE).fill('sample'),
    );
    const waiting = choices.choose('crawl', '/docs/*');
    let told = false;
    void waiting.then(() => (told = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toBe(false);
    for (let i = 0; i < AUTO_SAMPLE; i++) {
      choices.learn('crawl', '/docs/*', `https://site.test/docs/${i}`, null);
    }
    expect((await waiting).kind).toBe('raw');
  });

  it('renders a page whose template’s samples take past the wait', async () => {
    const choices = new RenderChoices(20);
    for (let i = 0; i < AUTO_SAMPLE; i++)
      await choices.choose('crawl', '/docs/*');
    const late = await choices.choose('crawl', '/docs/*');
    expect(late.kind).toBe('rendered');
    expect(late.reason).toContain('still being rendered');
  });

  it('lets a waiting page go with the crawl’s stop', async () => {
    const choices = new RenderChoices();
    for (let i = 0; i < AUTO_SAMPLE; i++)
      await choices.choose('crawl', '/docs/*');
    const stop = new AbortController();
    const waiting = choices.choose('crawl', '/docs/*', stop.signal);
    stop.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
  });
});

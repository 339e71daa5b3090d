import {
  groupTemplates,
  representativeCount,
  segmentPattern,
} from './page-templates.js';
import type { TemplatePage } from './page-templates.js';

const page = (path: string, skeleton = 'post'): TemplatePage => ({
  key: path,
  url: `https://example.com${path}`,
  skeleton,
});

describe('segmentPattern', () => {
  it.each([
    ['123', '{id}'],
    ['2024-05-01', '{date}'],
    ['2024-05', '{date}'],
    ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', '{id}'],
    ['sku88123x', '{id}'],
    ['sku-99812', '{id}'],
    ['p_12', '{id}'],
    // Words with a number are a slug's, left to the siblings to tell.
    ['my-2024-review', 'my-2024-review'],
    ['blog', 'blog'],
    ['my-first-post', 'my-first-post'],
  ])('%s is %s', (segment, pattern) => {
    expect(segmentPattern(segment)).toBe(pattern);
  });
});

describe('representativeCount', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 2],
    [8, 4],
    [15, 4],
    [16, 5],
    [1000, 5],
  ])('%i pages: %i measured', (pages, count) => {
    expect(representativeCount(pages)).toBe(count);
  });
});

describe('groupTemplates', () => {
  const site = [
    page('/', 'home'),
    page('/about', 'page'),
    page('/blog/first-post'),
    page('/blog/second-post'),
    page('/blog/third-post'),
    page('/blog/fourth-post'),
    page('/product/1', 'product'),
    page('/product/22', 'product'),
    page('/product/333', 'product'),
    page('/news/2024-01-02/launch', 'news'),
    page('/news/2024-03-04/launch', 'news'),
  ];

  it('names each template by its URL pattern, the biggest first, with its pages', () => {
    const templates = groupTemplates(site);
    expect(templates.map((t) => [t.name, t.pageCount])).toEqual([
      ['/blog/{slug}', 4],
      ['/product/{id}', 3],
      ['/news/{date}/launch', 2],
      ['/', 1],
      ['/about', 1],
    ]);
    expect(templates.reduce((n, t) => n + t.pages.length, 0)).toBe(site.length);
  });

  it('keeps a lone page its own name: two siblings are no slug', () => {
    const templates = groupTemplates([
      page('/about', 'page'),
      page('/contact', 'page'),
    ]);
    expect(templates.map((t) => t.name)).toEqual(['/about', '/contact']);
  });

  it('splits one pattern by layout, and says which layout', () => {
    const templates = groupTemplates([
      page('/p/1', 'a'),
      page('/p/2', 'a'),
      page('/p/3', 'b'),
    ]);
    expect(templates.map((t) => [t.name, t.pageCount])).toEqual([
      ['/p/{id}', 2],
      ['/p/{id} (layout 2)', 1],
    ]);
  });

  it('does not make a slug of siblings with different layouts', () => {
    const templates = groupTemplates([
      page('/x/a', 'one'),
      page('/x/b', 'two'),
      page('/x/c', 'three'),
    ]);
    expect(templates.map((t) => t.name).sort()).toEqual([
      '/x/a',
      '/x/b',
      '/x/c',
    ]);
  });

  it('takes layouts that are mostly each a page’s own, under a parent of 20 pages or more, as one', () => {
    const flat = Array.from({ length: 30 }, (_, i) =>
      page(
        `/chapter-${'abcdefghijklmnopqrstuvwxyzABCD'[i]}.html`,
        `own-${i % 20}`,
      ),
    );
    const templates = groupTemplates([...flat, page('/x/a', 'one')]);
    expect(templates.map((t) => [t.name, t.pageCount])).toEqual([
      ['/{slug}', 30],
      ['/x/a', 1],
    ]);
    // 20 pages of 2 layouts: the layouts are templates.
    const two = Array.from({ length: 20 }, (_, i) =>
      page(`/p/${'abcdefghijklmnopqrst'[i]}-page`, i < 15 ? 'a' : 'b'),
    );
    expect(groupTemplates(two).map((t) => [t.name, t.pageCount])).toEqual([
      ['/p/{slug}', 15],
      ['/p/{slug} (layout 2)', 5],
    ]);
  });

  it('makes slugs of words with numbers in them, by their siblings', () => {
    const templates = groupTemplates(
      ['best-of-2023', 'best-of-2024', 'top-10-tips'].map((slug) =>
        page(`/blog/${slug}`),
      ),
    );
    expect(templates.map((t) => [t.name, t.pageCount])).toEqual([
      ['/blog/{slug}', 3],
    ]);
  });

  it('picks representatives spread over the pages, the same whatever the order given', () => {
    const many = Array.from({ length: 20 }, (_, i) => page(`/item/${i + 1}`));
    const [template] = groupTemplates(many);
    const [reversed] = groupTemplates([...many].reverse());
    expect(template.representatives).toHaveLength(5);
    expect(new Set(template.representatives.map((p) => p.url)).size).toBe(5);
    expect(reversed.representatives).toEqual(template.representatives);
    expect(template.representatives[0].url).toBe('https://example.com/item/1');
  });
});

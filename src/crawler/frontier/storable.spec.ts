import { storableJson, storableText } from './storable.js';

describe('what a site sends, made storable', () => {
  it('replaces NUL characters and unpaired surrogates', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('x\uD800y')).toBe('x\uFFFDy');
    expect(storableText('fine ✓')).toBe('fine ✓');
    expect(storableText(null)).toBeNull();
  });

  it('does so in every string of a JSON value, keys kept', () => {
    const text = storableJson({ title: 'a\u0000', list: ['\uDC00'], n: 1 });
    expect(text).not.toMatch(/\\u0000|\\udc00/i);
    expect(JSON.parse(text)).toEqual({
      title: 'a\uFFFD',
      list: ['\uFFFD'],
      n: 1,
    });
  });
});

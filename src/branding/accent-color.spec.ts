import { isAccentColor } from './accent-color.js';

describe('isAccentColor', () => {
  it('accepts #rgb and #rrggbb hex, in either case', () => {
    for (const colour of ['#0a7', '#FFF', '#00aa77', '#A1b2C3']) {
      expect(isAccentColor(colour)).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const colour of [
      '0a7',
      '#0a',
      '#0a77',
      '#00aa7',
      '#00aa777',
      '#00aa7780',
      '#ggg',
      'red',
      'rgb(0, 0, 0)',
      'var(--x)',
      '#0a7;background:url(x)',
      ' #0a7',
      '#0a7\n',
      '',
      7,
      null,
    ]) {
      expect(isAccentColor(colour)).toBe(false);
    }
  });
});

import { visibleBidiControls } from './bidi-controls.js';

describe('bidi controls in text a site wrote', () => {
  it('writes each one as its code point', () => {
    const every =
      '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(visibleBidiControls(`a${every}b`)).toBe(
      'a[U+202A][U+202B][U+202C][U+202D][U+202E][U+2066][U+2067][U+2068][U+2069][U+200E][U+200F][U+061C]b',
    );
    expect(visibleBidiControls('Invoice \u202Egpj.exe')).toBe(
      'Invoice [U+202E]gpj.exe',
    );
  });

  it('leaves other text, right-to-left scripts included, as it is', () => {
    for (const text of ['Pricing', 'שלום עולם', 'مرحبا', '日本語', '😀']) {
      expect(visibleBidiControls(text)).toBe(text);
    }
  });
});

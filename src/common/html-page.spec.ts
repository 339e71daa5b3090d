import { escapeHtml } from './html-page.js';

describe('text a site wrote, in the HTML pages the service serves', () => {
  it('escapes every character that could start markup', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('shows each bidi control as its code point instead of obeying it', () => {
    expect(escapeHtml('Invoice \u202Egpj.exe\u202C <b>')).toBe(
      'Invoice [U+202E]gpj.exe[U+202C] &lt;b&gt;',
    );
    expect(escapeHtml('\u2066\u2069\u200E\u200F\u061C')).toBe(
      '[U+2066][U+2069][U+200E][U+200F][U+061C]',
    );
  });
});

import iconv from 'iconv-lite';
import {
  charsetFromContentType,
  decodeHtml,
  prescanMetaCharset,
  sniffBom,
} from './decode.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('decodeHtml', () => {
  it('decodes UTF-8 when nothing is declared', () => {
    const decoded = decodeHtml(Buffer.from('<p>Café ✓</p>'), 'text/html');
    expect(decoded.html).toBe('<p>Café ✓</p>');
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.declared).toEqual({ header: null, bom: null, meta: null });
  });

  it('lets the header charset win over <meta charset>', () => {
    const body = bytes('<meta charset="utf-8"><p>Caf\xe9</p>');
    const decoded = decodeHtml(body, 'text/html; charset=ISO-8859-1');
    expect(decoded.html).toContain('Café');
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.declared).toEqual({
      header: 'iso-8859-1',
      bom: null,
      meta: 'utf-8',
    });
  });

  it('lets the BOM win over <meta charset>', () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<meta charset="windows-1252"><p>Café</p>'),
    ]);
    const decoded = decodeHtml(body, 'text/html');
    expect(decoded.html).toBe('<meta charset="windows-1252"><p>Café</p>');
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.declared.bom).toBe('utf-8');
    expect(decoded.declared.meta).toBe('windows-1252');
  });

  it('decodes UTF-16LE announced by its BOM', () => {
    const body = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<p>hé</p>', 'utf16le'),
    ]);
    expect(decodeHtml(body, null).html).toBe('<p>hé</p>');
  });

  it('uses a windows-1252 <meta charset> alone (smart quotes)', () => {
    const body = bytes(
      '<html><head><meta charset=windows-1252></head>\x93hi\x94',
    );
    const decoded = decodeHtml(body, 'text/html');
    expect(decoded.html).toContain('“hi”');
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.declared.meta).toBe('windows-1252');
  });

  it('reads the charset of <meta http-equiv="Content-Type">', () => {
    const body = bytes(
      '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">\x93',
    );
    expect(decodeHtml(body, null).html).toContain('“');
  });

  it('decodes Shift_JIS declared by <meta charset>', () => {
    const body = Buffer.concat([
      Buffer.from('<meta charset="Shift_JIS"><p>'),
      iconv.encode('日本語のページ', 'shift_jis'),
      Buffer.from('</p>'),
    ]);
    const decoded = decodeHtml(body, 'text/html');
    expect(decoded.html).toContain('日本語のページ');
    expect(decoded.charset).toBe('shift_jis');
  });

  it('falls back to UTF-8 for an unknown label', () => {
    const decoded = decodeHtml(
      Buffer.from('<p>Café</p>'),
      'text/html; charset=no-such-charset',
    );
    expect(decoded.html).toBe('<p>Café</p>');
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.declared.header).toBe('no-such-charset');
  });

  it('ignores a <meta charset> inside a comment or after 1024 bytes', () => {
    const commented = bytes('<!-- <meta charset="windows-1252"> --><p>');
    expect(prescanMetaCharset(commented)).toBeNull();
    const late = bytes(`${' '.repeat(1100)}<meta charset="windows-1252">`);
    expect(prescanMetaCharset(late)).toBeNull();
  });
});

describe('charset helpers', () => {
  it('reads quoted and unquoted charset parameters', () => {
    expect(charsetFromContentType('text/html; charset="UTF-8"')).toBe('utf-8');
    expect(charsetFromContentType('text/html;charset=EUC-JP;x=1')).toBe(
      'euc-jp',
    );
    expect(charsetFromContentType('text/html')).toBeNull();
    expect(charsetFromContentType(null)).toBeNull();
  });

  it('recognises the three BOMs', () => {
    expect(sniffBom(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]))).toBe('utf-8');
    expect(sniffBom(Buffer.from([0xff, 0xfe]))).toBe('utf-16le');
    expect(sniffBom(Buffer.from([0xfe, 0xff]))).toBe('utf-16be');
    expect(sniffBom(Buffer.from('<p>'))).toBeNull();
  });
});

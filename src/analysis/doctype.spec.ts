import { doctypeOf, renderingModeOf } from './doctype.js';

const modeOf = (html: string) => renderingModeOf(doctypeOf(html));

describe('doctypeOf', () => {
  it('reads the name and identifiers as written', () => {
    expect(
      doctypeOf(
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" \'http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\'><html>',
      ),
    ).toEqual({
      text: `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" 'http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd'>`,
      name: 'html',
      publicId: '-//W3C//DTD XHTML 1.1//EN',
      systemId: 'http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd',
      forceQuirks: false,
    });
  });

  it.each([
    ['a byte order mark', '\uFEFF<!doctype html>'],
    ['white space', '\n \t<!doctype html>'],
    ['comments', '<!-- generated --><!-- by a tool -->\n<!doctype html>'],
    [
      'an XML declaration',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!doctype html>',
    ],
  ])('finds it after %s, as browsers do', (_case, html) => {
    expect(doctypeOf(html)?.name).toBe('html');
  });

  it.each([
    ['no doctype', '<html><body>'],
    ['text first', 'Hello <!doctype html>'],
    ['an element first', '<p><!doctype html>'],
    ['an unclosed comment', '<!-- <!doctype html>'],
  ])('finds none with %s', (_case, html) => {
    expect(doctypeOf(html)).toBeNull();
  });

  it.each([
    ['no name', '<!DOCTYPE>'],
    ['a keyword other than PUBLIC or SYSTEM', '<!DOCTYPE html STRICT "x">'],
    ['PUBLIC without an identifier', '<!DOCTYPE html PUBLIC>'],
    ['an identifier cut short by >', '<!DOCTYPE html PUBLIC "-//W3C//DTD>'],
    ['no end', '<!DOCTYPE html'],
  ])('forces quirks on %s', (_case, html) => {
    expect(doctypeOf(html)?.forceQuirks).toBe(true);
  });

  it('does not force quirks for characters after the identifiers', () => {
    expect(
      doctypeOf('<!DOCTYPE html SYSTEM "about:legacy-compat" junk>')
        ?.forceQuirks,
    ).toBe(false);
  });
});

describe('renderingModeOf', () => {
  it.each([
    ['<!DOCTYPE html>', 'no-quirks'],
    ['<!doctype HTML>', 'no-quirks'],
    ['<!DOCTYPE html SYSTEM "about:legacy-compat">', 'no-quirks'],
    [
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">',
      'no-quirks',
    ],
    [
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
      'no-quirks',
    ],
    [
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">',
      'no-quirks',
    ],
    [
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
      'limited-quirks',
    ],
    [
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Frameset//EN">',
      'limited-quirks',
    ],
    [
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">',
      'limited-quirks',
    ],
    [
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">',
      'quirks',
    ],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">', 'quirks'],
    ['<!DOCTYPE html PUBLIC "html">', 'quirks'],
    [
      '<!DOCTYPE html SYSTEM "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd">',
      'quirks',
    ],
    ['<!DOCTYPE svg>', 'quirks'],
    ['<!DOCTYPE html PUBLIC>', 'quirks'],
    ['<html>', 'quirks'],
  ])('%s → %s', (html, mode) => {
    expect(modeOf(html)).toBe(mode);
  });
});

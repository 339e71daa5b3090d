import { documentOf } from '../../test/support/snapshot-fixture.js';
import { parsePage } from './parse.js';
import { parseRefresh, redirectStubTarget } from './refresh.js';

const BASE = new URL('https://example.com/docs/page.html');

describe('parseRefresh', () => {
  it.each([
    ['5', 5, null],
    ['0;URL=next.html', 0, 'https://example.com/docs/next.html'],
    ['0; url=/next', 0, 'https://example.com/next'],
    ["0, URL='/a b'", 0, 'https://example.com/a%20b'],
    ['0;url="/next"junk', 0, 'https://example.com/next'],
    ['3; /next', 3, 'https://example.com/next'],
    ['.5; /next', 0, 'https://example.com/next'],
    ['1.9;url=https://other.example/', 1, 'https://other.example/'],
    ['  0  ;  URL = ../up.html', 0, 'https://example.com/up.html'],
  ])('%j → %s s, %s', (content, delay, target) => {
    expect(parseRefresh(content, BASE)).toEqual({
      delaySeconds: delay,
      target: target === null ? null : new URL(target),
    });
  });

  it.each([[''], ['soon'], ['5x; url=/a'], ['0;url=http://[bad']])(
    '%j is no refresh',
    (content) => {
      expect(parseRefresh(content, BASE)).toBeNull();
    },
  );
});

describe('redirectStubTarget', () => {
  const stub = (content: string, finalUrl = BASE.href) =>
    redirectStubTarget(
      parsePage(
        documentOf(`<meta http-equiv="refresh" content="${content}">`, ''),
        finalUrl,
      ),
      finalUrl,
    )?.href ?? null;

  it.each([
    ['0;URL=../std/in.html', 'https://example.com/std/in.html'],
    ['0; url=https://example.com/new#part', 'https://example.com/new'],
    ['0; url=https://docs.example.com/new', 'https://docs.example.com/new'],
    ['0; url=http://example.com/new', 'http://example.com/new'],
  ])(
    'an instant refresh to %j on the same site: a stub for %s',
    (content, target) => {
      expect(stub(content)).toBe(target);
    },
  );

  it.each([
    ['a delayed refresh', '5; url=/new'],
    ['a reload', '0'],
    ['a refresh to the page itself', '0; url=page.html#top'],
    ['a refresh to another site', '0; url=https://elsewhere.example/'],
    ['a refresh to a look-alike host', '0; url=https://notexample.com/'],
    ['a script URL', '0; url=javascript:go()'],
  ])('%s is no stub', (_case, content) => {
    expect(stub(content)).toBeNull();
  });
});

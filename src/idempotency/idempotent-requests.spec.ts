import {
  canonicalJson,
  requestHashOf,
} from './idempotent-requests.interceptor.js';

describe('what makes two requests the same request', () => {
  const path = '/api/v1/reports';

  it('is the body whatever the order of its keys, at any depth', () => {
    expect(
      requestHashOf('POST', path, {
        url: 'https://a.test/',
        reports: [{ privacy: 1, url: 'x' }],
      }),
    ).toBe(
      requestHashOf('POST', path, {
        reports: [{ url: 'x', privacy: 1 }],
        url: 'https://a.test/',
      }),
    );
  });

  it('tells apart bodies, array orders, paths and methods', () => {
    const hash = requestHashOf('POST', path, { url: 'https://a.test/' });
    expect(requestHashOf('POST', path, { url: 'https://b.test/' })).not.toBe(
      hash,
    );
    expect(
      requestHashOf('POST', `${path}/batch`, { url: 'https://a.test/' }),
    ).not.toBe(hash);
    expect(requestHashOf('PUT', path, { url: 'https://a.test/' })).not.toBe(
      hash,
    );
    expect(requestHashOf('POST', path, { reports: [1, 2] })).not.toBe(
      requestHashOf('POST', path, { reports: [2, 1] }),
    );
  });

  it('counts a missing body as an empty one', () => {
    expect(requestHashOf('POST', path, undefined)).toBe(
      requestHashOf('POST', path, {}),
    );
  });
});

describe('canonicalJson', () => {
  it('writes JSON with sorted keys, undefined members left out', () => {
    expect(
      canonicalJson({ b: [1, { d: null, c: 'x' }], a: true, u: undefined }),
    ).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson('é"')).toBe(JSON.stringify('é"'));
  });

  it('writes a body nested far deeper than the call stack allows', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    const text = canonicalJson(deep);
    expect(text.length).toBeGreaterThan(400_000);
    expect(text.startsWith('[{"a":[')).toBe(true);
  });
});

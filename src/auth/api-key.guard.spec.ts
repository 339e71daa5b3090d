import { bearerKeyOf } from './api-key.guard.js';

describe('bearerKeyOf', () => {
  it.each([
    ['Bearer rk_abc', 'rk_abc'],
    ['bearer rk_abc', 'rk_abc'],
    ['BEARER   rk_abc', 'rk_abc'],
  ])('reads the key of %j', (header, key) => {
    expect(bearerKeyOf(header)).toBe(key);
  });

  it.each([
    undefined,
    '',
    'rk_abc',
    'Bearer',
    'Bearer ',
    'Basic rk_abc',
    'Bearer rk_abc extra',
    'Bearer\trk_abc',
  ])('reads no key of %j', (header) => {
    expect(bearerKeyOf(header)).toBeNull();
  });
});

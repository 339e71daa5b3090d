import { jsonErrorOffset } from './json-error.js';

describe('jsonErrorOffset', () => {
  it.each([
    ['{"a": 1}', null],
    ['  [1, "two", {"three": [true, false, null]}, -4.5e3] ', null],
    ['{}', null],
    ['[]', null],
  ])('finds no error in %s', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it.each([
    // A trailing comma: the error is the closing brace.
    ['{"a": 1,}', 8],
    // A missing comma between members.
    ['{"a": 1 "b": 2}', 8],
    ['{a: 1}', 1],
    ["{'a': 1}", 1],
    ['[1, 2', 5],
    ['{"a": 1} x', 9],
    ['', 0],
    ['{"a": "line\nbreak"}', 6],
  ])('finds the error in %j at %d', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('scans deep nesting without recursion', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(99_999);
    expect(jsonErrorOffset(deep)).toBe(deep.length);
  });
});

import { mayBeFew } from './search-count.js';

/** Which terms a search's count asks the trigram index about first, from its sample. */
describe('mayBeFew: the sample of the newest 2,000 reports', () => {
  it.each([
    // [matches in the sample, reports the filters keep, counted through the trigram index?]
    [0, 1_000_000, true], // absent: the index answers at once
    [4, 1_000_000, true], // "abc": 1,958 in a million
    [10, 1_000_000, true], // could still be 2,000 or fewer
    [101, 1_000_000, false], // "http:": a twentieth
    [335, 1_000_000, false], // "pricing": a sixth
    [329, 20_000, false], // "pricing" among 20,000: 3,290, past the bound
    [40, 20_000, true], // 400 of 20,000
    [2_000, 2_000, true], // every report, and there are only 2,000
  ])('%i matches of 2,000 with %i kept: %s', (matches, kept, expected) => {
    expect(mayBeFew(matches, 2_000, kept)).toBe(expected);
  });
});

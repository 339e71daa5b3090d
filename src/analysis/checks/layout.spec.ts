import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import { imageDimensions } from './layout.js';

describe('image_dimensions', () => {
  it.each([
    [
      'width and height on every image',
      '<img src="a.webp" width="640" height="360"><picture><img src="b.webp" width="1" height="1"></picture>',
      true,
    ],
    ['an image without height', '<img src="a.webp" width="640">', false],
    [
      'an image sized by CSS only',
      '<img src="a.webp" style="width:10px;height:10px">',
      false,
    ],
    ['empty attributes', '<img src="a.webp" width="" height="">', false],
    ['no images', '<p>text</p>', null],
  ])('%s → %s', (_case, body, passed) => {
    expect(runCheck(imageDimensions, documentOf('', body)).passed).toBe(passed);
  });

  it('names the images that lack them', () => {
    const outcome = runCheck(
      imageDimensions,
      documentOf(
        '',
        '<img src="a.webp" width="1" height="1"><img src="b.webp">',
      ),
    );
    expect(outcome.message).toBe(
      '1 of 2 images lacks width or height attributes.',
    );
    expect(outcome.value).toEqual(['<img src="b.webp">']);
  });
});

import { elementsOf } from '../parse.js';
import { firstItems, plural, startTag } from './check.js';
import type { Check } from './check.js';

/** Checks of how still the page holds while it loads (layout shift). */

export const imageDimensions: Check = {
  id: 'image_dimensions',
  category: 'performance',
  importance: 'low',
  title: 'Image dimensions',
  passesWhen: 'Every `<img>` has `width` and `height` attributes.',
  notApplicableWhen: 'The page has no images.',
  advice:
    "Write each image's intrinsic `width` and `height` on its `<img>` (CSS may still scale it) so the browser keeps its room and the text does not jump as it loads.",
  run: (page) => {
    const images = elementsOf(page, 'img');
    if (images.length === 0) {
      return { passed: null, message: 'The page has no images.' };
    }
    // Without both, the browser cannot reserve the image's room and the text jumps when it loads.
    const unsized = images.filter(
      (img) => !img.attribs.width?.trim() || !img.attribs.height?.trim(),
    );
    return unsized.length === 0
      ? {
          passed: true,
          message: `Every image (${images.length}) has width and height attributes.`,
        }
      : {
          passed: false,
          message: `${unsized.length} of ${plural(images.length, 'image')} ${unsized.length === 1 ? 'lacks' : 'lack'} width or height attributes.`,
          value: firstItems(unsized).map(startTag),
        };
  },
};

export const LAYOUT_CHECKS: readonly Check[] = [imageDimensions];

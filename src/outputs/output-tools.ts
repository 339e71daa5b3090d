import { hostname } from 'node:os';
import { serviceVersion } from '../common/service-version.js';
import { gateConfigOf } from '../gate/assertions.js';
import type { Renderer } from '../rendering/index.js';
import type { OutputTools } from './output-format.js';

/** The preset verdict formats judge by when none is asked for. */
export const DEFAULT_PRESET = 'seo:recommended';

/** The service's version, as SARIF names the tool's. */
const VERSION = serviceVersion();

/** What formats use besides the document: this renderer's print, the preset's gate. */
export function outputTools(
  renderer: Pick<Renderer, 'print'>,
  preset: string = DEFAULT_PRESET,
): OutputTools {
  return {
    print: (html, frame) =>
      renderer.print(html, {
        headerTemplate: frame.header,
        footerTemplate: frame.footer,
      }),
    gate: gateConfigOf(preset, 'assert'),
    hostname: hostname(),
    toolVersion: VERSION,
  };
}

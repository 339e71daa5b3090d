import { PDFDict, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import type { PDFDocument } from 'pdf-lib';

/** Every bookmark's title of a PDF, depth first: what a reader's outline pane lists. */
export function outlineTitles(pdf: PDFDocument): string[] {
  const titles: string[] = [];
  const walk = (first: PDFDict | undefined) => {
    for (let item = first; item;) {
      const title = item.lookup(PDFName.of('Title'));
      if (title instanceof PDFString || title instanceof PDFHexString) {
        titles.push(title.decodeText());
      }
      walk(item.lookupMaybe(PDFName.of('First'), PDFDict));
      item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
    }
  };
  const outlines = pdf.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  walk(outlines?.lookupMaybe(PDFName.of('First'), PDFDict));
  return titles;
}

import type { Browser } from 'playwright-core';

/** How a document is printed: paper, margins and the running header and footer. */
export interface PrintOptions {
  /** Chromium's header template: its classes pageNumber, totalPages fill in; inline styles only. */
  headerTemplate: string;
  footerTemplate: string;
  /** Paper size as Chromium names it. */
  format: 'A4' | 'Letter';
  margin: { top: string; right: string; bottom: string; left: string };
  /** Bound of the whole print. */
  timeoutMs: number;
}

export const DEFAULT_PRINT_OPTIONS: PrintOptions = {
  headerTemplate: '<span></span>',
  footerTemplate: '<span></span>',
  format: 'A4',
  margin: { top: '22mm', right: '16mm', bottom: '22mm', left: '16mm' },
  timeoutMs: 30_000,
};

/** A printed PDF, and the requests its page tried to make (none are let through). */
export interface PrintedPdf {
  pdf: Buffer;
  /** URLs the page asked for; a document with every asset inline asks for none. */
  refusedRequests: string[];
}

/**
 * Prints a self-contained HTML document to a tagged PDF with an outline from its
 * headings. The page runs no script and reaches no network: every request it tries is
 * refused and named in the answer, so a document that leaks a reference shows it.
 */
export async function printPdf(
  browser: Browser,
  html: string,
  options: PrintOptions,
): Promise<PrintedPdf> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    offline: true,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  const refusedRequests: string[] = [];
  try {
    await context.route('**/*', async (route) => {
      refusedRequests.push(route.request().url());
      await route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.setDefaultTimeout(options.timeoutMs);
    await page.setContent(html, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({
      format: options.format,
      margin: options.margin,
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: options.headerTemplate,
      footerTemplate: options.footerTemplate,
      preferCSSPageSize: false,
      tagged: true,
      outline: true,
    });
    return { pdf, refusedRequests };
  } finally {
    await context.close().catch(() => undefined);
  }
}

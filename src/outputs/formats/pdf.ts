import { PDFDocument } from 'pdf-lib';
import type { Branding } from '../audit-document.js';
import type { OutputFormat, OutputTools } from '../output-format.js';
import {
  footerTemplate,
  headerTemplate,
  PRODUCT_NAME,
} from '../print/print-frame.js';
import { reportPrint } from '../print/report-print.js';
import { siteAuditPrint } from '../print/site-audit-print.js';

/** The print asked for something: a document must carry every asset inline. */
export class PrintReachedOutError extends Error {}

/** What the PDF's metadata says beside the account's name. */
interface Printed {
  html: string;
  url: string;
  title: string;
  branding: Branding;
  generatedAt: string;
}

/**
 * The white-label PDF an agency sends (docs/outputs.md, "The PDF"): the HTML document
 * printed in the sandboxed browser, tagged, with an outline of its sections and
 * findings, and the account's name as its author.
 */
export const PDF_FORMAT: OutputFormat = {
  name: 'pdf',
  summary: "the white-label PDF, in the account's branding",
  mediaType: 'application/pdf',
  extension: 'pdf',
  description:
    "The white-label report: cover, summary, findings with their advice, templates, changes, affected pages and method; tagged, with bookmarks, in the account's branding.",
  needs: { pagesPerFinding: 25 },
  printed: true,
  siteAudit: (document, tools) =>
    printed(
      {
        html: siteAuditPrint(document),
        url: document.audit.url,
        title: `Site audit of ${URL.parse(document.audit.url)?.host ?? document.audit.url}`,
        branding: document.branding,
        generatedAt: document.generatedAt,
      },
      tools,
    ),
  report: (document, tools) =>
    printed(
      {
        html: reportPrint(document),
        url: document.report.url,
        title: `Page audit of ${document.report.url}`,
        branding: document.branding,
        generatedAt: document.generatedAt,
      },
      tools,
    ),
};

async function printed(what: Printed, tools: OutputTools): Promise<Buffer> {
  const { pdf, refusedRequests } = await tools.print(what.html, {
    header: headerTemplate(what.branding, what.url),
    footer: footerTemplate(what.branding),
  });
  if (refusedRequests.length > 0) {
    throw new PrintReachedOutError(
      `The printed document asked for ${refusedRequests.length} resource(s), e.g. ${refusedRequests[0]}: it must carry every asset inline.`,
    );
  }
  return withMetadata(pdf, what);
}

/** Chromium writes the title only: the author, subject, language and creator are the account's. */
async function withMetadata(pdf: Buffer, what: Printed): Promise<Buffer> {
  const file = await PDFDocument.load(pdf, { updateMetadata: false });
  const maker = what.branding.showProductName
    ? PRODUCT_NAME
    : what.branding.name;
  file.setTitle(what.title, { showInWindowTitleBar: true });
  file.setAuthor(what.branding.name);
  file.setSubject(`SEO audit of ${what.url}`);
  file.setKeywords(['SEO audit', what.url]);
  file.setLanguage('en');
  file.setCreator(maker);
  file.setProducer(maker);
  const created = new Date(what.generatedAt);
  file.setCreationDate(created);
  file.setModificationDate(created);
  return Buffer.from(await file.save());
}

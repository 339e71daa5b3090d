import type { OutputFormat } from '../output-format.js';
import { reportPrint } from '../print/report-print.js';
import { siteAuditPrint } from '../print/site-audit-print.js';

export const HTML_FORMAT: OutputFormat = {
  name: 'html',
  summary: 'the document the PDF prints, as one HTML file',
  mediaType: 'text/html; charset=utf-8',
  extension: 'html',
  description:
    'The white-label document the PDF prints, as one self-contained HTML file (styles inline, no script).',
  needs: { pagesPerFinding: 25 },
  siteAudit: (document) =>
    Promise.resolve(Buffer.from(siteAuditPrint(document))),
  report: (document) => Promise.resolve(Buffer.from(reportPrint(document))),
};

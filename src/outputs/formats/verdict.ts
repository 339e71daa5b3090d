import { judgeGate } from '../../gate/judge-gate.js';
import type { GateVerdict } from '../../gate/judge-gate.js';
import type { SiteAuditDocument } from '../audit-document.js';
import type { OutputTools } from '../output-format.js';
import { auditExportOf } from './json.js';

/** The gate's verdict on the document, by the tools' assertions, without a baseline. */
export function verdictOf(
  document: SiteAuditDocument,
  tools: OutputTools,
): GateVerdict {
  return judgeGate(auditExportOf(document), tools.gate, null);
}

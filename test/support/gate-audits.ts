import type { GateAudit } from '../../src/gate/audit-export.js';

/** An audit as the gate reads it: `issues` maps a check id to the URLs it affects. */
export function gateAuditOf(
  issues: Record<string, string[]>,
  fields: { id?: number; score?: number | null; url?: string } = {},
): GateAudit {
  return {
    audit: {
      id: fields.id ?? 2,
      url: fields.url ?? 'https://example.com/',
      score: fields.score === undefined ? 74 : fields.score,
      created_at: '2026-11-24T10:00:00.000Z',
      finished_at: '2026-11-24T10:00:12.500Z',
      progress: { pages_crawled: 40 },
    },
    issues: Object.entries(issues).map(([id, urls]) => ({ id, urls })),
  };
}

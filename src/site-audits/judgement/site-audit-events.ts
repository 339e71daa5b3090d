import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../events/domain-events.js';
import type { DomainEvent, Outbox } from '../../events/domain-events.js';
import type { EventType } from '../../events/event-types.js';
import type { AuditChange } from '../diff/audit-diff.js';
import { AuditDiffs } from '../diff/audit-diffs.js';
import type { SiteAudit } from '../site-audit.js';
import { toSiteAuditView } from '../site-audit.view.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';

/** The events an audit that finished publishes. */
export const SITE_AUDIT_EVENT_TYPES = [
  'site_audit.completed',
  'site_audit.failed',
  'site_audit.changed',
] as const satisfies readonly EventType[];

/** The event of a completed audit whose site changed since its previous completed audit. */
const CHANGED: readonly EventType[] = ['site_audit.changed'];

/**
 * The events of an audit that just finished: completed once judged, failed when it
 * could not run; a cancelled audit tells nobody (its account asked for it). The data
 * is the audit as the list shows it, without its share_url (an event has no request
 * origin).
 */
export function siteAuditEvents(audit: SiteAudit, at: Date): DomainEvent[] {
  const type: EventType | null =
    audit.status === 'completed'
      ? 'site_audit.completed'
      : audit.status === 'failed'
        ? 'site_audit.failed'
        : null;
  if (type === null) return [];
  const data: Record<string, unknown> = { ...toSiteAuditView(audit, 0, '') };
  delete data.share_url;
  // The white-label PDF (docs/outputs.md), relative to the service as the diff's path is.
  if (type === 'site_audit.completed') {
    data.pdf = `/api/v1/site-audits/${audit.id}/export/pdf`;
  }
  return [{ type, accountId: audit.accountId, data, occurredAt: at }];
}

/**
 * The event of an audit that completed with changes since `fromId`: how many pages
 * each change touches (no pages: a receiver reads them from the diff), and the path
 * of the diff (an event has no request origin, so it is relative to the service).
 */
export function siteAuditChangedEvent(
  audit: SiteAudit,
  fromId: string,
  changes: AuditChange[],
  at: Date,
): DomainEvent {
  return {
    type: 'site_audit.changed',
    accountId: audit.accountId,
    data: {
      id: Number(audit.id),
      url: audit.url,
      project: audit.project,
      from: Number(fromId),
      changes: changes.map(({ type, check_id, pages }) => ({
        type,
        check_id,
        pages,
      })),
      diff: `/api/v1/site-audits/${audit.id}/diff?from=${fromId}`,
    },
    occurredAt: at,
  };
}

/** Publishes an audit's events inside the transaction that finished it (an outbox). */
@Injectable()
export class SiteAuditOutcomes {
  constructor(
    private readonly events: DomainEvents,
    private readonly audits: SiteAuditsRepository,
    private readonly diffs: AuditDiffs,
  ) {}

  /** The outbox of one finish: flush it once the finish has committed. */
  outbox(): Outbox {
    return this.events.outbox();
  }

  /** What a finish runs in its transaction: the audit as it stands, told to listeners. */
  publishIn(
    outbox: Outbox,
    auditId: string,
  ): (manager: EntityManager) => Promise<void> {
    return async (manager) => {
      if (!outbox.wants(SITE_AUDIT_EVENT_TYPES)) return;
      const audit = await this.audits.find(auditId, manager);
      if (!audit) return;
      const at = new Date();
      const events = siteAuditEvents(audit, at);
      const changed = await this.changedEvent(outbox, audit, at, manager);
      if (changed) events.push(changed);
      await outbox.publish(manager, events);
    };
  }

  /** site_audit.changed, when someone hears it and the audit completed with changes since its previous completed one. */
  private async changedEvent(
    outbox: Outbox,
    audit: SiteAudit,
    at: Date,
    manager: EntityManager,
  ): Promise<DomainEvent | null> {
    if (audit.status !== 'completed' || !outbox.wants(CHANGED)) return null;
    const fromId = await this.diffs.previousOf(audit, manager);
    if (fromId === null) return null;
    // Counts only: the cap on listed pages is the least the diff allows.
    const changes = await this.diffs.between(fromId, audit.id, 1, manager);
    return changes.length === 0
      ? null
      : siteAuditChangedEvent(audit, fromId, changes, at);
  }
}

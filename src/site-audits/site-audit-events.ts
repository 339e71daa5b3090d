import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../events/domain-events.js';
import type { DomainEvent, Outbox } from '../events/domain-events.js';
import type { EventType } from '../events/event-types.js';
import type { SiteAudit } from './site-audit.js';
import { toSiteAuditView } from './site-audit.view.js';
import { SiteAuditsRepository } from './site-audits.repository.js';

/** The events an audit that finished publishes. */
export const SITE_AUDIT_EVENT_TYPES = [
  'site_audit.completed',
  'site_audit.failed',
] as const satisfies readonly EventType[];

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
  return [{ type, accountId: audit.accountId, data, occurredAt: at }];
}

/** Publishes an audit's events inside the transaction that finished it (an outbox). */
@Injectable()
export class SiteAuditOutcomes {
  constructor(
    private readonly events: DomainEvents,
    private readonly audits: SiteAuditsRepository,
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
      if (audit)
        await outbox.publish(manager, siteAuditEvents(audit, new Date()));
    };
  }
}

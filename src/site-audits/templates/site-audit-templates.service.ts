import { Injectable } from '@nestjs/common';
import { SiteAuditsService } from '../site-audits.service.js';
import { SiteAuditLabRepository } from './site-audit-lab.repository.js';
import { toTemplateView } from './template.view.js';
import type { TemplateView } from './template.view.js';

/** Who reads an audit's templates: its account's keys. */
@Injectable()
export class SiteAuditTemplates {
  constructor(
    private readonly audits: SiteAuditsService,
    private readonly lab: SiteAuditLabRepository,
  ) {}

  /** The audit's templates, the biggest first; 404 when the account has no such audit. */
  async list(accountId: string, auditId: string): Promise<TemplateView[]> {
    const audit = await this.audits.find(accountId, auditId);
    return (await this.lab.templatesOf(audit.id)).map((template) =>
      toTemplateView(template, audit.settings.lab === true),
    );
  }
}

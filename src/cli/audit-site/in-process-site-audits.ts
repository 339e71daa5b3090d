import type { INestApplicationContext } from '@nestjs/common';
import { ProblemException } from '../../common/problem.js';
import { RequestValidationPipe } from '../../common/validation.js';
import { CreateSiteAuditDto } from '../../site-audits/dto/create-site-audit.dto.js';
import { AuditPageQuery } from '../../site-audits/dto/list-pages.query.js';
import { SiteAuditPagesService } from '../../site-audits/site-audit-pages.service.js';
import { toSiteAuditView } from '../../site-audits/site-audit.view.js';
import { SiteAuditsService } from '../../site-audits/site-audits.service.js';
import { OutputsService } from '../../outputs/outputs.service.js';
import { SiteAuditTemplates } from '../../site-audits/templates/site-audit-templates.service.js';
import { AFFECTED_PER_READ, SiteAuditRefused } from './site-audit-client.js';
import type { SiteAuditClient } from './site-audit-client.js';

/**
 * The site audits of a service running in this process (an application context of its
 * module), for one account: the services the controllers call, with the same
 * validation and the same views, so both ways answer alike.
 */
export function inProcessSiteAuditClient(
  app: INestApplicationContext,
  accountId: string,
): SiteAuditClient {
  const audits = app.get(SiteAuditsService);
  const pages = app.get(SiteAuditPagesService);
  const templates = app.get(SiteAuditTemplates);
  const outputs = app.get(OutputsService);
  const validation = new RequestValidationPipe();
  // Only share_url is built from it, and the CLI's audits are private.
  const origin = 'http://localhost';

  /** The services throw problems as the API answers them. */
  async function answered<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProblemException) {
        throw new SiteAuditRefused(error.toDocument());
      }
      throw error;
    }
  }

  return {
    where: null,
    create: (url, fields) =>
      answered(async () => {
        const body = (await validation.transform(
          { url, ...fields },
          { type: 'body', metatype: CreateSiteAuditDto },
        )) as CreateSiteAuditDto;
        const { audit, queued } = await audits.create(accountId, body);
        return toSiteAuditView(audit, queued, origin);
      }),
    get: (id) =>
      answered(async () => {
        const { audit, queued } = await audits.get(accountId, String(id));
        return toSiteAuditView(audit, queued, origin);
      }),
    cancel: (id) =>
      answered(async () => {
        await audits.cancel(accountId, String(id));
      }),
    issues: (id) => answered(() => pages.issues(accountId, String(id))),
    targets: (id, checkId) =>
      answered(async () => {
        const query = Object.assign(new AuditPageQuery(), {
          page: 1,
          per_page: AFFECTED_PER_READ,
        });
        const targets = [];
        for (; ; query.page++) {
          const { items } = await pages.targets(
            accountId,
            String(id),
            checkId,
            query,
          );
          targets.push(...items);
          if (items.length < AFFECTED_PER_READ) return targets;
        }
      }),
    templates: (id) => answered(() => templates.list(accountId, String(id))),
    export: (id, format) =>
      answered(
        async () =>
          (await outputs.siteAudit(accountId, String(id), format, { origin }))
            .body,
      ),
    affectedUrls: (id, checkId, scope) =>
      answered(() =>
        pages.affectedUrls(
          accountId,
          String(id),
          checkId,
          scope === 'template' || scope === 'page' ? scope : undefined,
        ),
      ),
  };
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { LabError } from '../../lab/lab-result.js';
import type { LabMeasurer, LabResult } from '../../lab/lab-result.js';
import { LAB_MEASURER } from '../../lab/lab-measurer.token.js';
import { groupTemplates } from './page-templates.js';
import { PageTemplatesRepository } from './page-templates.repository.js';
import { SiteAuditLabRepository } from './site-audit-lab.repository.js';
import type { LabFailure } from './site-audit-lab.repository.js';
import { templateMetricsOf } from './template-metrics.js';

/** Templates measured, the biggest first: past it, a site of one-off pages would take hours. */
export const LAB_TEMPLATES_MAX = 50;

/**
 * The lab phase of a site audit, after its crawl is judged (and its pages grouped into
 * templates): each template's representatives measured in a lab browser, one page at
 * a time in this process (the measurer serialises across the machine), and each
 * template's metrics over its pages. A page that cannot be measured is recorded with
 * why; it never fails the audit.
 */
@Injectable()
export class SiteAuditLab {
  private readonly logger = new Logger('SiteAuditLab');
  /** The measurement running in this process: the next waits for it. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: SiteAuditLabRepository,
    private readonly templates: PageTemplatesRepository,
    @Inject(LAB_MEASURER) private readonly measurer: LabMeasurer | null,
  ) {}

  /** Whether this service can measure pages at all. */
  get available(): boolean {
    return this.measurer !== null;
  }

  /**
   * Runs the phase; what an earlier, interrupted run measured is kept. A cancel stops
   * it between pages: those left stay pending.
   */
  async run(auditId: string, runs: number): Promise<void> {
    if (!(await this.store.hasPlan(auditId))) {
      // The judgement stored these templates: grouping the same pages again is the same.
      const templates = groupTemplates(
        await this.templates.pagesToGroup(auditId),
      );
      await this.store.plan(auditId, templates, LAB_TEMPLATES_MAX);
    }
    for (const page of await this.store.pendingPages(auditId)) {
      if (await this.store.cancelled(auditId)) break;
      const outcome = await this.oneAtATime(() => this.measure(page.url, runs));
      await this.store.recordMeasurement(auditId, page, outcome);
    }
    for (const template of await this.store.templatesOf(auditId)) {
      const results = template.labPages.flatMap((page) =>
        page.result ? [page.result] : [],
      );
      await this.store.saveMetrics(
        auditId,
        template.ordinal,
        templateMetricsOf(results),
      );
    }
  }

  private async measure(
    url: string,
    runs: number,
  ): Promise<{ result: LabResult } | { error: LabFailure }> {
    if (!this.measurer) {
      return {
        error: {
          code: 'browser_missing',
          message:
            'This service has no lab measurer (Chromium and Lighthouse): the page was not measured.',
        },
      };
    }
    try {
      return { result: await this.measurer.measure(url, { runs }) };
    } catch (error) {
      if (error instanceof LabError) {
        return { error: { code: error.code, message: error.message } };
      }
      this.logger.error(
        `Lab measurement of ${url} failed: ${(error as Error)?.stack ?? String(error)}`,
      );
      return {
        error: {
          code: 'failed',
          message:
            'The measurement failed because of an error of the service (logged).',
        },
      };
    }
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const next = this.turn.then(work, work);
    this.turn = next.catch(() => undefined);
    return next;
  }
}

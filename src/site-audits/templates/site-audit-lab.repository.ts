import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LabResult } from '../../lab/lab-result.js';
import type { PageTemplate } from './page-templates.js';
import type { TemplateMetric } from './template-metrics.js';

/** Why a representative page has no lab result. */
export interface LabFailure {
  code: string;
  message: string;
}

/** A representative page of a template, as the lab phase measures and stores it. */
export interface LabPageRow {
  template: number;
  position: number;
  url: string;
  state: 'pending' | 'measured' | 'failed';
  result: LabResult | null;
  error: LabFailure | null;
}

/** A template as stored, with its measured pages. */
export interface StoredTemplate {
  ordinal: number;
  name: string;
  pattern: string;
  pageCount: number;
  metrics: TemplateMetric[] | null;
  labPages: LabPageRow[];
}

/** The reads and writes of an audit's lab phase: its templates and their measured pages. */
@Injectable()
export class SiteAuditLabRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whether the phase has chosen its pages to measure (an interrupted run did). */
  async hasPlan(auditId: string): Promise<boolean> {
    const [row]: Array<{ planned: boolean }> = await this.db.query(
      `SELECT lab_pages IS NOT NULL AS planned FROM site_audits WHERE id = $1`,
      [auditId],
    );
    return row?.planned ?? false;
  }

  /**
   * Stores the representatives to measure of the first `measured` templates (numbered
   * from 1, in the order given, as the judgement stored them) and the phase's size.
   */
  async plan(
    auditId: string,
    templates: PageTemplate[],
    measured: number,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      const toMeasure = templates.slice(0, measured).flatMap((t, i) =>
        t.representatives.map((page, position) => ({
          template: i + 1,
          position,
          url: page.url,
        })),
      );
      await manager.query(
        `INSERT INTO site_audit_lab_pages (audit_id, template, position, url)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[])`,
        [
          auditId,
          toMeasure.map((p) => p.template),
          toMeasure.map((p) => p.position),
          toMeasure.map((p) => p.url),
        ],
      );
      await manager.query(
        `UPDATE site_audits SET lab_pages = $2, lab_measured = 0, updated_at = now()
         WHERE id = $1`,
        [auditId, toMeasure.length],
      );
    });
  }

  /** The representatives still to measure, template by template. */
  pendingPages(auditId: string): Promise<LabPageRow[]> {
    return this.db.query(
      `SELECT template, position, url, state, result, error FROM site_audit_lab_pages
       WHERE audit_id = $1 AND state = 'pending' ORDER BY template, position`,
      [auditId],
    );
  }

  /** The audit was cancelled: its lab phase measures no more pages. */
  async cancelled(auditId: string): Promise<boolean> {
    const [row]: Array<{ cancelled: boolean }> = await this.db.query(
      `SELECT stop_reason = 'cancelled' AS cancelled FROM site_audits WHERE id = $1`,
      [auditId],
    );
    return row?.cancelled ?? true;
  }

  /** A page measured, or why not; the audit's progress counts it. */
  async recordMeasurement(
    auditId: string,
    page: Pick<LabPageRow, 'template' | 'position'>,
    outcome: { result: LabResult } | { error: LabFailure },
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      const [, updated]: [unknown[], number] = await manager.query(
        `UPDATE site_audit_lab_pages SET state = $4, result = $5, error = $6
         WHERE audit_id = $1 AND template = $2 AND position = $3 AND state = 'pending'`,
        [
          auditId,
          page.template,
          page.position,
          'result' in outcome ? 'measured' : 'failed',
          'result' in outcome ? JSON.stringify(outcome.result) : null,
          'error' in outcome ? JSON.stringify(outcome.error) : null,
        ],
      );
      if (updated === 0) return;
      await manager.query(
        `UPDATE site_audits SET lab_measured = lab_measured + 1, updated_at = now()
         WHERE id = $1`,
        [auditId],
      );
    });
  }

  async saveMetrics(
    auditId: string,
    ordinal: number,
    metrics: TemplateMetric[],
  ): Promise<void> {
    await this.db.query(
      `UPDATE site_audit_templates SET metrics = $3 WHERE audit_id = $1 AND ordinal = $2`,
      [auditId, ordinal, JSON.stringify(metrics)],
    );
  }

  /** The audit's templates, biggest first, each with its representatives. */
  async templatesOf(auditId: string): Promise<StoredTemplate[]> {
    const templates: Array<Omit<StoredTemplate, 'labPages'>> =
      await this.db.query(
        `SELECT ordinal, name, pattern, page_count AS "pageCount", metrics
         FROM site_audit_templates WHERE audit_id = $1 ORDER BY ordinal`,
        [auditId],
      );
    const pages: LabPageRow[] = await this.db.query(
      `SELECT template, position, url, state, result, error FROM site_audit_lab_pages
       WHERE audit_id = $1 ORDER BY template, position`,
      [auditId],
    );
    return templates.map((template) => ({
      ...template,
      labPages: pages.filter((page) => page.template === template.ordinal),
    }));
  }
}

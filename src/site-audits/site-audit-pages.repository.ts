import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { FindingPart } from './findings/findings.js';
import type {
  Rating,
  RenderOutcome,
  StoredResults,
} from '../analysis/index.js';
import type {
  LinkStatus,
  ListLinksQuery,
  ListPagesQuery,
  PageSortKey,
} from './dto/list-pages.query.js';

/** A page of an audit, as its lists show it. */
export interface AuditPageRow {
  id: number;
  url: string;
  status_code: number | null;
  redirect_to: string | null;
  content_type: string | null;
  depth: number | null;
  inlinks: number;
  outlinks: number;
  in_sitemap: boolean;
  blocked_by_robots: boolean;
  indexable: boolean;
  title: string | null;
  canonical: string | null;
  score: number | null;
  result: Rating | null;
  failed_checks: string[];
  error: string | null;
  truncated: boolean;
  texts_cut: boolean;
  links_cut: boolean;
  render: RenderOutcome | null;
  /** Its template (an HTML page answered 2xx of a judged audit); null for any other. */
  template: { id: number; name: string } | null;
}

/** A page with what was judged of it. */
export interface AuditPageDetail extends AuditPageRow {
  results: StoredResults | null;
  rejudged: Record<
    string,
    { passed: boolean | null; message: string; value?: unknown }
  > | null;
  site_checks: Array<{ id: string; value: unknown }> | null;
  html: boolean;
  /** Of its template, in the lab: whether this page was measured, and any of its pages was. */
  template_lab: { measured: boolean; planned: boolean } | null;
}

/** A link as the list of links shows it. */
export interface AuditLinkRow {
  from_url: string;
  to_url: string;
  anchor: string;
  followed: boolean;
  status_code: number | null;
}

/** The columns of a page as its lists show it (alias u). */
export const PAGE_COLUMNS = `u.place AS id, u.url, u.status_code, u.redirect_to, u.content_type,
  u.depth, u.inlinks, u.outlinks, u.in_sitemap, u.state = 'blocked' AS blocked_by_robots,
  u.indexable, u.title, u.canonical, u.score, u.result, u.failed_checks, u.error,
  u.truncated, u.texts_cut, u.links_cut, u.render,
  (SELECT json_build_object('id', t.ordinal, 'name', t.name) FROM site_audit_templates t
   WHERE t.audit_id = u.audit_id AND t.ordinal = u.template) AS template`;

/**
 * A URL row is a page once requested, or placed and not requested: blocked by
 * robots.txt, or skipped as too long to request (the partial indexes' predicate).
 */
export const IS_PAGE = `u.state IN ('done', 'blocked', 'skipped')`;

/** A page is of a finding's part (its templates, or outside them); with nulls, of every part. */
const IN_PART = (templates: string, inside: string) =>
  `(${templates}::int[] IS NULL OR coalesce(u.template = ANY(${templates}::int[]), false) = ${inside}::boolean)`;

function partParameters(
  part: FindingPart | null,
): [number[] | null, boolean | null] {
  return part ? [part.templates, part.inside] : [null, null];
}

const SORT_COLUMNS: Record<PageSortKey, string> = {
  id: 'u.place',
  // The index of the URL sort keeps the first 2,000 characters (a btree entry's bound).
  url: 'left(u.url, 2000)',
  depth: 'u.depth',
  inlinks: 'u.inlinks',
  score: 'u.score',
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the link statuses mean of a target's answer. */
const LINK_STATUS_WHERE: Record<LinkStatus, string> = {
  broken: `(t.status_code >= 400 OR (t.error IS NOT NULL AND t.state IN ('done', 'probed')))`,
  redirect: `(t.status_code BETWEEN 300 AND 399)`,
  ok: `(t.status_code BETWEEN 200 AND 299)`,
  unchecked: `(t.state NOT IN ('done', 'probed'))`,
};

/** A template of a render: "auto" audit, as the crawl told it apart. */
export interface RenderTemplateRow {
  template: string;
  pages: number;
  rendered_pages: number;
  reason: string;
}

/** The reads of an audit's pages, issues and links: each from an index of the audit. */
@Injectable()
export class SiteAuditPagesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private pagesWhere(
    auditId: string,
    query: Omit<ListPagesQuery, 'per_page' | 'page' | 'sort' | 'sort_by'>,
  ): { where: string; parameters: unknown[] } {
    const parameters: unknown[] = [auditId];
    const clauses = ['u.audit_id = $1', IS_PAGE];
    const add = (clause: (n: string) => string, value: unknown) => {
      parameters.push(value);
      clauses.push(clause(`$${parameters.length}`));
    };
    if (query.issue)
      add((n) => `u.failed_checks @> ARRAY[${n}]::text[]`, query.issue);
    if (query.status_code !== undefined)
      add((n) => `u.status_code = ${n}`, query.status_code);
    if (query.indexable !== undefined)
      add((n) => `u.indexable = ${n}`, query.indexable);
    if (query.depth !== undefined) add((n) => `u.depth = ${n}`, query.depth);
    if (query.search)
      add((n) => `u.url ILIKE ${n} ESCAPE '\\'`, likePattern(query.search));
    return { where: clauses.join(' AND '), parameters };
  }

  async countPages(auditId: string, query: ListPagesQuery): Promise<number> {
    const { where, parameters } = this.pagesWhere(auditId, query);
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audit_page_rows u WHERE ${where}`,
      parameters,
    );
    return Number(n);
  }

  /** A page of the audit's pages, in the order asked (ties by crawl order). */
  async pages(
    auditId: string,
    query: ListPagesQuery,
    offset: number,
    limit: number,
  ): Promise<AuditPageRow[]> {
    const { where, parameters } = this.pagesWhere(auditId, query);
    const direction = query.sort === 'desc' ? 'DESC' : 'ASC';
    const column = SORT_COLUMNS[query.sort_by];
    const order =
      query.sort_by === 'id'
        ? `u.place ${direction}`
        : `${column} ${direction} NULLS LAST, u.place ${direction}`;
    return this.db.query(
      `SELECT ${PAGE_COLUMNS} FROM site_audit_page_rows u WHERE ${where}
       ORDER BY ${order} OFFSET $${parameters.length + 1} LIMIT $${parameters.length + 2}`,
      [...parameters, offset, limit],
    );
  }

  /**
   * How many pages each answer got: a status code, `failed` (no HTTP answer),
   * `robots` or `skipped` (not requested); by status code.
   */
  statusCodeCounts(
    auditId: string,
  ): Promise<Array<{ label: string; pages: number }>> {
    return this.db.query(
      `SELECT CASE WHEN u.state = 'blocked' THEN 'robots'
                   WHEN u.state = 'skipped' THEN 'skipped'
                   WHEN u.status_code IS NULL THEN 'failed'
                   ELSE u.status_code::text END AS label,
              count(*)::int AS pages
       FROM site_audit_page_rows u WHERE u.audit_id = $1 AND ${IS_PAGE}
       GROUP BY 1 ORDER BY min(coalesce(u.status_code, 1000)), 1`,
      [auditId],
    );
  }

  /** How many pages lie at each click depth (null: reached by no followed link), by depth. */
  depthCounts(
    auditId: string,
  ): Promise<Array<{ depth: number | null; pages: number }>> {
    return this.db.query(
      `SELECT u.depth, count(*)::int AS pages
       FROM site_audit_page_rows u WHERE u.audit_id = $1 AND ${IS_PAGE}
       GROUP BY u.depth ORDER BY u.depth NULLS LAST`,
      [auditId],
    );
  }

  /**
   * Each axe-core rule the audit's rendered pages violate, with those pages' URLs in
   * crawl order: the rules the accessibility check stands for, for outputs that name them.
   */
  accessibilityRules(
    auditId: string,
  ): Promise<Array<{ rule: string; urls: string[] }>> {
    return this.db.query(
      `SELECT r.rule, array_agg(u.url ORDER BY u.place) AS urls
       FROM site_audit_page_rows u, unnest(u.accessibility_rules) AS r(rule)
       WHERE u.audit_id = $1 AND ${IS_PAGE}
       GROUP BY r.rule ORDER BY count(*) DESC, r.rule`,
      [auditId],
    );
  }

  /** One page by its id (its place in crawl order), with what was judged of it. */
  async page(auditId: string, id: number): Promise<AuditPageDetail | null> {
    const [row]: AuditPageDetail[] = await this.db.query(
      `SELECT ${PAGE_COLUMNS}, u.results, u.rejudged, u.site_checks, u.html,
         CASE WHEN u.template IS NOT NULL THEN json_build_object(
           'measured', EXISTS (
             SELECT 1 FROM site_audit_lab_pages lp
             WHERE lp.audit_id = u.audit_id AND lp.template = u.template
               AND lp.url = u.url AND lp.state = 'measured'),
           'planned', EXISTS (
             SELECT 1 FROM site_audit_lab_pages lp
             WHERE lp.audit_id = u.audit_id AND lp.template = u.template)) END AS template_lab
       FROM site_audit_page_rows u WHERE u.audit_id = $1 AND u.place = $2`,
      [auditId, id],
    );
    return row ?? null;
  }

  /** The pages a check (or one finding of it) affects, with its evidence for each, in crawl order. */
  async affected(
    auditId: string,
    checkId: string,
    offset: number,
    limit: number,
    part: FindingPart | null = null,
  ): Promise<Array<{ page_id: number; url: string; value: unknown }>> {
    const rows: Array<{
      page_id: number;
      url: string;
      site_value: unknown;
      rejudged_value: unknown;
      checks: Array<[string, boolean | null, string, unknown]> | null;
    }> = await this.db.query(
      `SELECT u.place AS page_id, u.url,
              (SELECT s -> 'value' FROM jsonb_array_elements(u.site_checks) s WHERE s ->> 'id' = $2 LIMIT 1) AS site_value,
              u.rejudged -> $2 -> 'value' AS rejudged_value,
              CASE WHEN u.rejudged ? $2 OR u.site_checks @> jsonb_build_array(jsonb_build_object('id', $2::text))
                   THEN NULL ELSE u.results -> 'checks' END AS checks
       FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.failed_checks @> ARRAY[$2]::text[]
         AND ${IN_PART('$5', '$6')}
       ORDER BY u.place OFFSET $3 LIMIT $4`,
      [auditId, checkId, offset, limit, ...partParameters(part)],
    );
    return rows.map((row) => ({
      page_id: row.page_id,
      url: row.url,
      value:
        row.site_value ??
        row.rejudged_value ??
        row.checks?.find((check) => check[0] === checkId)?.[3] ??
        null,
    }));
  }

  /** How many of the audit's pages are HTML pages: what a finding's reach is a share of. */
  /**
   * render: "auto": each template its crawl told apart, its pages, those rendered, and
   * why: a sample that changed (every page rendered) before samples that did not.
   */
  async renderTemplates(auditId: string): Promise<RenderTemplateRow[]> {
    const rows: Array<RenderTemplateRow> = await this.db.query(
      `SELECT u.render->'choice'->>'template' AS template,
              count(*)::int AS pages,
              (count(*) FILTER (WHERE u.render->>'status' <> 'not_rendered'))::int AS rendered_pages,
              (array_agg(u.render->'choice'->>'reason' ORDER BY
                 CASE u.render->'choice'->>'kind'
                   WHEN 'rendered' THEN 0 WHEN 'raw' THEN 1 WHEN 'sample' THEN 2 ELSE 3 END,
                 u.place))[1] AS reason
       FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.render->'choice' IS NOT NULL
       GROUP BY 1
       ORDER BY pages DESC, template`,
      [auditId],
    );
    return rows;
  }

  async htmlPageCount(auditId: string): Promise<number> {
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.html`,
      [auditId],
    );
    return Number(n);
  }

  /** The first `limit` pages (crawl order) each finding affects, in the order asked. */
  async examples(
    auditId: string,
    findings: Array<{ id: string; part: FindingPart | null }>,
    limit: number,
  ): Promise<string[][]> {
    const rows: Array<{ urls: string[] }> = await this.db.query(
      `SELECT array(
                SELECT u.url FROM site_audit_page_rows u
                WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.failed_checks @> ARRAY[c.id]::text[]
                  AND (c.part IS NULL OR coalesce(u.template = ANY(
                        ARRAY(SELECT jsonb_array_elements_text(c.part -> 'templates')::int)), false)
                      = (c.part ->> 'inside')::boolean)
                ORDER BY u.place LIMIT $4) AS urls
       FROM unnest($2::text[], $3::jsonb[]) WITH ORDINALITY AS c(id, part, n)
       ORDER BY c.n`,
      [
        auditId,
        findings.map((f) => f.id),
        findings.map((f) => (f.part ? JSON.stringify(f.part) : null)),
        limit,
      ],
    );
    return rows.map((row) => row.urls);
  }

  /**
   * The URLs of the pages a check fails, in crawl order, all at once: what an export
   * lists. Without the evidence, the pages' results are not read: on the embedded
   * database a read of those for every page of every finding is most of an export.
   */
  async affectedUrls(
    auditId: string,
    checkId: string,
    part: FindingPart | null = null,
  ): Promise<string[]> {
    const rows: Array<{ url: string }> = await this.db.query(
      `SELECT u.url FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.failed_checks @> ARRAY[$2]::text[]
         AND ${IN_PART('$3', '$4')}
       ORDER BY u.place`,
      [auditId, checkId, ...partParameters(part)],
    );
    return rows.map((row) => row.url);
  }

  async countAffected(
    auditId: string,
    checkId: string,
    part: FindingPart | null = null,
  ): Promise<number> {
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audit_page_rows u
       WHERE u.audit_id = $1 AND ${IS_PAGE} AND u.failed_checks @> ARRAY[$2]::text[]
         AND ${IN_PART('$3', '$4')}`,
      [auditId, checkId, ...partParameters(part)],
    );
    return Number(n);
  }

  private linksWhere(
    auditId: string,
    query: ListLinksQuery,
  ): { where: string; parameters: unknown[] } {
    const parameters: unknown[] = [auditId];
    const clauses = ['l.audit_id = $1'];
    const side = (alias: 'f' | 't', value: string) => {
      if (/^[1-9]\d{0,9}$/.test(value)) {
        parameters.push(Number(value));
        clauses.push(`${alias}.place = $${parameters.length}`);
      } else {
        parameters.push(likePattern(value));
        clauses.push(`${alias}.url ILIKE $${parameters.length} ESCAPE '\\'`);
      }
    };
    if (query.from) side('f', query.from);
    if (query.to) side('t', query.to);
    if (query.status) clauses.push(LINK_STATUS_WHERE[query.status]);
    return { where: clauses.join(' AND '), parameters };
  }

  async countLinks(auditId: string, query: ListLinksQuery): Promise<number> {
    const { where, parameters } = this.linksWhere(auditId, query);
    const [{ n }]: Array<{ n: string }> = await this.db.query(
      `SELECT count(*) AS n FROM site_audit_links l
       JOIN site_audit_page_rows f ON f.audit_id = l.audit_id AND f.url_hash = l.from_hash
       JOIN site_audit_page_rows t ON t.audit_id = l.audit_id AND t.url_hash = l.to_hash
       WHERE ${where}`,
      parameters,
    );
    return Number(n);
  }

  /** A page of the audit's links, by linking page in crawl order, then in page order. */
  async links(
    auditId: string,
    query: ListLinksQuery,
    offset: number,
    limit: number,
  ): Promise<AuditLinkRow[]> {
    const { where, parameters } = this.linksWhere(auditId, query);
    return this.db.query(
      `SELECT f.url AS from_url, t.url AS to_url, l.anchor, l.followed,
              CASE WHEN t.state IN ('done', 'probed') THEN t.status_code END AS status_code
       FROM site_audit_links l
       JOIN site_audit_page_rows f ON f.audit_id = l.audit_id AND f.url_hash = l.from_hash
       JOIN site_audit_page_rows t ON t.audit_id = l.audit_id AND t.url_hash = l.to_hash
       WHERE ${where}
       ORDER BY f.place, l.position
       OFFSET $${parameters.length + 1} LIMIT $${parameters.length + 2}`,
      [...parameters, offset, limit],
    );
  }
}

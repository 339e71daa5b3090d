import { Injectable, Logger } from '@nestjs/common';
import {
  CrawlScope,
  expandResults,
  judgedByBrokenLink,
  judgeSite,
  ratingOf,
  rejudgeProbes,
} from '../../analysis/index.js';
import type {
  SiteFailure,
  SiteLink,
  TargetProbe,
} from '../../analysis/index.js';
import { urlHash } from '../../crawler/crawl.js';
import { DEFAULT_LAB_RUNS } from '../../lab/index.js';
import { templateIssuesOf } from '../findings/findings.js';
import { groupTemplates } from '../templates/page-templates.js';
import { PageTemplatesRepository } from '../templates/page-templates.repository.js';
import { SiteAuditLab } from '../templates/site-audit-lab.js';
import { SiteAuditOutcomes } from './site-audit-events.js';
import { SiteJudgementRepository } from './site-judgement.repository.js';
import type {
  AuditJudgement,
  AuditToJudge,
  JudgedPageRow,
  PageJudgement,
  StoredPageResults,
  TroubledLink,
} from './site-judgement.repository.js';

/** Pages judged again and written at once. */
const PAGES_AT_ONCE = 500;

/** A site check a page fails, with its evidence, as the page stores it. */
interface SiteFinding extends SiteFailure {
  value: unknown;
}

/**
 * The judgement of a site audit once its crawl has stopped with nothing in flight:
 * inlinks counted, its HTML pages grouped into templates, the site checks over every
 * page and the links they judge, each HTML page's broken_links and canonical judged
 * again over every answer the crawl has (broken_links leaving the links broken_link
 * judges to it), each page's score with the site checks it fails, the issues counted
 * (by template too, for its template findings), the audit's score (the mean of its HTML
 * pages'). The link graph stays in the database and pages are judged again in chunks,
 * so memory follows the pages, not the links.
 */
@Injectable()
export class SiteJudgement {
  private readonly logger = new Logger('SiteJudgement');

  constructor(
    private readonly store: SiteJudgementRepository,
    private readonly outcomes: SiteAuditOutcomes,
    private readonly lab: SiteAuditLab,
    private readonly templates: PageTemplatesRepository,
  ) {}

  /**
   * Judges the audit, once; nothing when its crawl has not stopped, or it is judged
   * already. An audit with lab: true is marked judged, not finished: true then, and its
   * lab phase (measureLab) finishes it.
   */
  async judge(auditId: string): Promise<boolean> {
    const audit = await this.store.auditToJudge(auditId);
    if (!audit) return false;
    const started = performance.now();
    await this.store.countInlinks(auditId);
    const rows = await this.store.pagesOf(auditId);
    const troubled = await this.store.troubledLinksOf(auditId);
    const scope = audit.origin
      ? new CrawlScope(
          audit.origin,
          audit.settings.include,
          audit.settings.exclude,
          audit.url,
        )
      : null;
    const findings = new Map<number, SiteFinding[]>();
    const links = siteLinksOf(rows, troubled);
    const judged = judgeSite({
      pages: rows,
      links,
      inScope: (url) => scope?.inScope(url) ?? false,
    });
    const leftToSite = judgedByBrokenLink(rows, links);
    for (const { check, findings: affected } of judged) {
      for (const { pageId, value } of affected) {
        const own = findings.get(pageId) ?? [];
        own.push({ id: check.id, importance: check.importance, value });
        findings.set(pageId, own);
      }
    }
    await this.store.countStructuredData(auditId);
    await this.store.countAccessibility(auditId);
    const templates = groupTemplates(
      await this.templates.pagesToGroup(auditId),
    );
    await this.templates.replaceTemplates(auditId, templates);
    const templateOf = new Map(
      templates.flatMap((t, i) => t.pages.map((page) => [page.key, i + 1])),
    );
    const failingByTemplate = new Map<number, Record<string, number>>();
    // A redirect's target in scope is a page of the crawl that no page may ask about:
    // the hops of a link to a redirect are followed through the pages' answers.
    const pagesByUrl = new Map(rows.map((row) => [row.url, row]));
    const issues: Record<string, number> = {};
    const scores: number[] = [];
    for (let i = 0; i < rows.length; i += PAGES_AT_ONCE) {
      const chunk = rows.slice(i, i + PAGES_AT_ONCE);
      const stored = await this.store.storedResultsOf(
        chunk.map((row) => row.key),
      );
      const answers = await this.store.answersOf(
        auditId,
        [...asked(stored.values())].map(urlHash),
      );
      const answerOf = (url: string) =>
        answers.get(url) ?? pageAnswerOf(pagesByUrl.get(url));
      const judgements = chunk.map((row) =>
        this.judgePage(
          row,
          findings.get(row.id) ?? [],
          stored.get(String(row.key)),
          answerOf,
          audit,
          leftToSite,
        ),
      );
      for (const judgement of judgements) {
        const ordinal = templateOf.get(judgement.key);
        const ofTemplate =
          ordinal === undefined
            ? null
            : (failingByTemplate.get(ordinal) ??
              failingByTemplate.set(ordinal, {}).get(ordinal)!);
        for (const id of judgement.failed) {
          issues[id] = (issues[id] ?? 0) + 1;
          if (ofTemplate) ofTemplate[id] = (ofTemplate[id] ?? 0) + 1;
        }
        if (judgement.score !== null) scores.push(judgement.score);
      }
      await this.store.writeJudgements(judgements);
    }
    const score =
      scores.length === 0
        ? null
        : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
    const judgement = {
      score,
      result: score === null ? null : ratingOf(score),
      issues,
      templateIssues: templateIssuesOf(
        failingByTemplate,
        templates.map((t, i) => ({ ...t, ordinal: i + 1 })),
        issues,
        rows.filter((row) => row.html).length,
      ),
    };
    this.logger.log(
      `Site audit ${auditId} judged: ${rows.length} pages, ${troubled.length} links to pages not answered 2xx, in ${Math.round(performance.now() - started)} ms`,
    );
    // The lab phase comes before the audit is finished (it is part of what the audit
    // says), on a queue of its own: minutes in a lab browser hold no judgement's turn.
    if (audit.settings.lab) return this.store.markJudged(auditId, judgement);
    await this.finish(auditId, judgement);
    return false;
  }

  /** The lab phase of an audit judged with lab: true, then its finish; nothing for any other audit. */
  async measureLab(auditId: string): Promise<void> {
    const settings = await this.store.judgedAwaitingLab(auditId);
    if (!settings) return;
    await this.lab.run(auditId, settings.lab_runs ?? DEFAULT_LAB_RUNS);
    await this.finish(auditId, null);
  }

  /** Finishes the audit and tells its listeners, once. */
  private async finish(
    auditId: string,
    judged: AuditJudgement | null,
  ): Promise<void> {
    const outbox = this.outcomes.outbox();
    await this.store.finish(
      auditId,
      judged,
      this.outcomes.publishIn(outbox, auditId),
    );
    await outbox.flush();
  }

  /** One page: its page checks with the probes judged again, plus the site checks it fails. */
  private judgePage(
    row: JudgedPageRow,
    own: SiteFinding[],
    saved: StoredPageResults | undefined,
    answerOf: (url: string) => TargetProbe | undefined,
    audit: AuditToJudge,
    leftToSite: (
      pageId: number,
      target: { url: string; kind: string },
    ) => boolean,
  ): PageJudgement {
    const siteChecks = own.map(({ id, value }) => ({ id, value }));
    if (!row.html || !saved?.results) {
      return {
        key: row.key,
        score: null,
        result: null,
        failed: own.map((finding) => finding.id),
        siteChecks,
        rejudged: null,
      };
    }
    const first = Object.fromEntries(
      saved.results.checks.map(([id, passed]) => [id, passed]),
    );
    const rejudged = saved.plan
      ? rejudgeProbes(
          row.url,
          saved.plan,
          {
            brokenLinks: first.broken_links ?? null,
            canonical: first.canonical ?? null,
          },
          answerOf,
          audit.facts?.site.robotsTxt ?? null,
          // The site check broken_link names these links: broken_links names the rest.
          (target) => leftToSite(row.id, target),
        )
      : {};
    const results = expandResults(saved.results, rejudged, own);
    return {
      key: row.key,
      score: results.score,
      result: ratingOf(results.score),
      failed: [
        ...results.checks.filter((c) => c.passed === false).map((c) => c.id),
        ...own.map((finding) => finding.id),
      ],
      siteChecks,
      rejudged,
    };
  }
}

/** What a page of the crawl answered, as a probe carries it; undefined when it was not requested. */
function pageAnswerOf(
  page: JudgedPageRow | undefined,
): TargetProbe | undefined {
  if (!page?.requested) return undefined;
  return {
    url: page.url,
    status: page.statusCode,
    location: page.redirectTo,
    robots: [],
    error: page.error,
  };
}

/** The URLs the stored probe plans of some pages ask about. */
function* asked(stored: Iterable<StoredPageResults>): Iterable<string> {
  const seen = new Set<string>();
  for (const { plan } of stored) {
    if (!plan) continue;
    for (const url of [
      ...plan.targets.map((target) => target.url),
      ...(plan.canonical ? [plan.canonical] : []),
    ]) {
      if (seen.has(url)) continue;
      seen.add(url);
      yield url;
    }
  }
}

/** The links the checks judge, by the pages' ids. */
function siteLinksOf(rows: JudgedPageRow[], links: TroubledLink[]): SiteLink[] {
  const byHash = new Map(rows.map((row) => [row.hash, row]));
  const anchors = new Map<string, string>();
  const siteLinks: SiteLink[] = [];
  for (const link of links) {
    const from = byHash.get(link.from_hash);
    const to = byHash.get(link.to_hash);
    if (!from || !to) continue;
    let anchor = anchors.get(link.anchor);
    if (anchor === undefined) {
      anchor = link.anchor;
      anchors.set(anchor, anchor);
    }
    siteLinks.push({
      from: from.id,
      to: to.id,
      toUrl: to.url,
      followed: link.followed,
      anchor,
    });
  }
  return siteLinks;
}

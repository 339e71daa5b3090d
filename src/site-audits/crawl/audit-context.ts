import { Inject, Injectable } from '@nestjs/common';
import { crawlRobots, CrawlScope, OBEY_NOTHING } from '../../analysis/index.js';
import type { CrawlRobots } from '../../analysis/index.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import type { AuditFacts, CrawlSettings } from '../site-audit.js';
import { SiteAuditsRepository } from '../site-audits.repository.js';
import type { HostPoliteness } from './host-gate.js';

/** What a page of the audit needs to be requested and judged. */
export interface AuditContext {
  auditId: string;
  accountId: string;
  startUrl: string;
  settings: CrawlSettings;
  scope: CrawlScope;
  robots: CrawlRobots;
  politeness: HostPoliteness;
  facts: AuditFacts;
}

/** How long a process keeps an audit's context: the facts never change once started. */
const KEPT_MS = 60_000;
/** Contexts kept at most: audits running in this process at once are few. */
const KEPT_AT_MOST = 200;

/**
 * The context of running audits, read from their rows once a minute at most: every
 * page job of an audit needs its scope, robots rules and site facts, which its start
 * stored and which never change.
 */
@Injectable()
export class AuditContexts {
  private readonly kept = new Map<
    string,
    { context: AuditContext; expires: number }
  >();

  constructor(
    private readonly audits: SiteAuditsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The audit's context; null when it is gone or has no facts yet (not started). */
  async contextOf(auditId: string): Promise<AuditContext | null> {
    const kept = this.kept.get(auditId);
    if (kept && kept.expires > Date.now()) return kept.context;
    const audit = await this.audits.find(auditId);
    const facts = audit ? await this.audits.factsOf(auditId) : null;
    if (!audit || !audit.origin || !facts) return null;
    const context = this.contextFrom({
      auditId,
      accountId: audit.accountId,
      startUrl: audit.url,
      settings: audit.settings,
      origin: audit.origin,
      facts,
    });
    this.kept.delete(auditId);
    if (this.kept.size >= KEPT_AT_MOST) {
      this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(auditId, { context, expires: Date.now() + KEPT_MS });
    return context;
  }

  /** A context from what the start learned (the start builds its own before storing it). */
  contextFrom(audit: {
    auditId: string;
    accountId: string;
    startUrl: string;
    settings: CrawlSettings;
    origin: string;
    facts: AuditFacts;
  }): AuditContext {
    const robots = audit.settings.respect_robots
      ? crawlRobots(audit.facts.site.robotsTxt, this.config.analyser.userAgent)
      : OBEY_NOTHING;
    return {
      auditId: audit.auditId,
      accountId: audit.accountId,
      startUrl: audit.startUrl,
      settings: audit.settings,
      scope: new CrawlScope(
        audit.origin,
        audit.settings.include,
        audit.settings.exclude,
        audit.startUrl,
      ),
      robots,
      politeness: {
        concurrency: this.config.siteAuditHostConcurrency,
        delayMs: robots.crawlDelayMs,
      },
      facts: audit.facts,
    };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  Analyser,
  AnalysisError,
  auditPageOf,
  compactResults,
  createGuardedClient,
} from '../../analysis/index.js';
import type {
  AuditPageFacts,
  FetchedResponse,
  GuardedClient,
  ProbeAnswers,
  ResponseHead,
  TargetProbe,
} from '../../analysis/index.js';
import { APP_CONFIG } from '../../config/config.js';
import type { AppConfig } from '../../config/config.js';
import type { AuditContext } from './audit-context.js';
import type { Discovery, LinkRow, PageRecord } from './crawl-records.js';
import { HostGate } from './host-gate.js';
import type { HostTurn } from './host-gate.js';

/** Probes of one page run at once. */
const PROBES_AT_ONCE = 8;
/** What a probe's own answer may take. */
const PROBE_TIMEOUT_MS = 5_000;
const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

/** What requesting and judging one URL of the crawl gave. */
export interface PageWorkDone {
  record: PageRecord;
  discoveries: Discovery[];
  links: LinkRow[];
  /** URLs to probe once for the audit (out of scope, or in-scope subresources). */
  probeTargets: Array<{ url: string; inScope: boolean }>;
}

function mediaTypeOf(headers: Record<string, string>): string | null {
  const type = headers['content-type']?.split(';')[0].trim().toLowerCase();
  return type ? type : null;
}

function isHtml(head: ResponseHead): boolean {
  const type = mediaTypeOf(head.headers);
  return type !== null && HTML_TYPES.includes(type);
}

/**
 * One URL of a site audit, requested and judged: the request (its redirect not
 * followed, through the host's turn), then for an HTML page answered 200 its facts,
 * its page checks (on the judge threads, with the audit's site facts and no probe of
 * its own) and the links it makes known. The probes of what pages point to are made
 * once an audit, by whichever page meets them first (probe()).
 */
@Injectable()
export class PageWork implements OnApplicationShutdown {
  private readonly client: GuardedClient;

  constructor(
    private readonly analyser: Analyser,
    private readonly gate: HostGate,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.client = createGuardedClient(config.analyser);
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }

  /**
   * The URL's own answer: its redirect not followed, its body read only when it is an
   * HTML page answered 200. Waits for the host's turn, then asks `stillWanted` (null
   * when the crawl stopped meanwhile); the request has the analysis deadline. Throws
   * AnalysisError when it cannot be asked (transient ones are retried by the engine),
   * or stop's reason.
   */
  async request(
    url: string,
    context: Pick<AuditContext, 'politeness'>,
    stop: AbortSignal,
    stillWanted: () => Promise<boolean> = () => Promise.resolve(true),
  ): Promise<FetchedResponse | null> {
    const turn = await this.gate.turnFor(url, context.politeness, stop);
    try {
      if (!(await stillWanted())) return null;
      return await this.client.get(url, {
        signal: AbortSignal.any([
          stop,
          AbortSignal.timeout(this.config.analyser.deadlineMs),
        ]),
        maxBytes: this.config.analyser.maxBodyBytes,
        maxRedirects: 0,
        followRedirects: false,
        // Only an HTML page answered 200 is judged; of the rest the head is enough.
        wantsBody: (head) => head.status === 200 && isHtml(head),
      });
    } finally {
      await turn.release();
    }
  }

  /** What the crawl keeps of an answer, and what it makes known. */
  async judge(
    url: string,
    depth: number | null,
    answer: FetchedResponse,
    context: AuditContext,
  ): Promise<PageWorkDone> {
    const redirectTo = redirectTargetOf(answer);
    const html = answer.status === 200 && isHtml(answer);
    const record: PageRecord = {
      statusCode: answer.status,
      error: null,
      redirectTo,
      contentType: answer.headers['content-type'] ?? null,
      html,
      title: null,
      metaDescription: null,
      canonical: null,
      noindex: false,
      indexable: false,
      hreflang: null,
      words: null,
      textDigest: null,
      robots: null,
      outlinks: 0,
      plan: null,
      results: null,
      score: null,
      result: null,
      failedChecks: [],
    };
    const discoveries: Discovery[] = [];
    if (redirectTo !== null) {
      const inScope = context.scope.inScope(redirectTo);
      discoveries.push({
        url: redirectTo,
        inScope,
        crawlable: inScope,
        via: 'redirect',
        depth,
        position: 0,
      });
    }
    if (!html) return { record, discoveries, links: [], probeTargets: [] };

    const { facts, plan } = auditPageOf(answer, url);
    const results = await this.analyser.analyse(url, {
      page: answer,
      siteFacts: { factsFor: () => Promise.resolve(context.facts.site) },
      probeAnswers: this.answersAtFirst(url, context),
    });
    Object.assign(record, {
      title: facts.title,
      metaDescription: facts.metaDescription,
      canonical: facts.canonical,
      noindex: facts.noindex,
      indexable:
        !facts.noindex && (facts.canonical === null || facts.canonical === url),
      hreflang: facts.hreflang,
      words: facts.words,
      textDigest: facts.textDigest,
      robots: facts.robots,
      outlinks: facts.links.length,
      plan,
      results: compactResults(results),
      score: results.score,
      result: results.rating,
      failedChecks: results.checks
        .filter((check) => check.passed === false)
        .map((check) => check.id),
    });
    const linked = this.discoveriesOf(facts, depth, context);
    discoveries.push(...linked);
    const pageUrls = new Set(
      linked.filter((d) => d.crawlable).map((d) => d.url),
    );
    // In-scope links are pages (the crawl answers them); the rest is probed if allowed.
    const probeTargets = plan.targets
      .filter(
        (target) =>
          mayProbe(target.url, context) &&
          (!context.scope.inScope(target.url) ||
            (target.kind !== 'link' && !pageUrls.has(target.url))),
      )
      .map((target) => ({
        url: target.url,
        inScope: context.scope.inScope(target.url),
      }));
    if (
      plan.canonical &&
      !context.scope.inScope(plan.canonical) &&
      mayProbe(plan.canonical, context)
    ) {
      probeTargets.push({ url: plan.canonical, inScope: false });
    }
    return {
      record,
      discoveries,
      links: facts.links.map((link) => ({
        toUrl: link.url,
        followed: link.followed,
        anchor: link.anchor,
      })),
      probeTargets,
    };
  }

  /** A page whose request failed for good: a page all the same, with why. */
  failedRecord(code: string): PageRecord {
    return {
      statusCode: null,
      error: code,
      redirectTo: null,
      contentType: null,
      html: false,
      title: null,
      metaDescription: null,
      canonical: null,
      noindex: false,
      indexable: false,
      hreflang: null,
      words: null,
      textDigest: null,
      robots: null,
      outlinks: 0,
      plan: null,
      results: null,
      score: null,
      result: null,
      failedChecks: [],
    };
  }

  /**
   * Asks what pages point to, once an audit each (the caller took them): HEAD, then GET
   * when HEAD answers an error, redirects followed as link probes are; each through its
   * host's turn, a few at once. A probe cut by `stop` (or that got no turn) is left
   * unanswered, not answered as a failure of its URL.
   */
  async probe(
    urls: string[],
    context: AuditContext,
    stop: AbortSignal,
  ): Promise<TargetProbe[]> {
    const answers: TargetProbe[] = [];
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !stop.aborted) {
        const answer = await this.probeOne(urls[next++], context, stop);
        if (answer !== null && !stop.aborted) answers.push(answer);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(PROBES_AT_ONCE, urls.length) }, worker),
    );
    return answers;
  }

  private async probeOne(
    url: string,
    context: AuditContext,
    stop: AbortSignal,
  ): Promise<TargetProbe | null> {
    let turn: HostTurn;
    try {
      turn = await this.gate.turnFor(url, context.politeness, stop);
    } catch {
      return null;
    }
    const signal = AbortSignal.any([
      stop,
      AbortSignal.timeout(PROBE_TIMEOUT_MS),
    ]);
    try {
      let answer = await this.client.get(url, {
        signal,
        method: 'HEAD',
        maxBytes: 0,
        maxRedirects: this.config.analyser.maxRedirects,
        readBody: false,
      });
      // Servers that refuse HEAD are asked again as a browser would; a 404 or 410 is believed.
      if (
        answer.status >= 400 &&
        answer.status !== 404 &&
        answer.status !== 410
      ) {
        answer = await this.client.get(url, {
          signal,
          maxBytes: 64 * 1024,
          maxRedirects: this.config.analyser.maxRedirects,
          readBody: false,
        });
      }
      return {
        url,
        status: answer.status,
        location: null,
        robots: answer.headers['x-robots-tag']
          ? [answer.headers['x-robots-tag']]
          : [],
        error: null,
      };
    } catch (error) {
      if (stop.aborted) return null;
      return {
        url,
        status: null,
        location: null,
        robots: [],
        error:
          error instanceof AnalysisError
            ? error.code
            : signal.aborted
              ? 'timeout'
              : 'connection',
      };
    } finally {
      await turn.release();
    }
  }

  /** The URLs a page's links, canonical and hreflang make known to the crawl. */
  private discoveriesOf(
    facts: AuditPageFacts,
    depth: number | null,
    context: AuditContext,
  ): Discovery[] {
    const { scope, settings } = context;
    const follows = depth !== null && depth < settings.max_depth;
    const discoveries: Discovery[] = facts.links.map((link, position) => {
      const inScope = scope.inScope(link.url);
      const crawlable = inScope && link.followed && (follows || depth === null);
      return {
        url: link.url,
        inScope,
        crawlable,
        via: link.followed ? 'link' : null,
        depth: inScope && link.followed && follows ? depth + 1 : null,
        position,
      };
    });
    const named = (url: string | null, via: 'canonical' | 'hreflang') => {
      if (url === null) return;
      const inScope = scope.inScope(url);
      discoveries.push({
        url,
        inScope,
        crawlable: inScope,
        via,
        depth: null,
        position: null,
      });
    };
    named(facts.canonical, 'canonical');
    for (const alternate of facts.hreflang) named(alternate.url, 'hreflang');
    return discoveries;
  }

  /**
   * Probe answers while a page is judged the first time: none is asked (each URL is
   * asked once an audit, by probe(), and judged again over every answer when the crawl
   * has stopped), but the http:// twin of an https page, which the site answered once.
   */
  private answersAtFirst(url: string, context: AuditContext): ProbeAnswers {
    const twin = context.facts.twin;
    const page = new URL(url);
    const twinUrl =
      page.protocol === 'https:'
        ? `http://${page.host}${page.pathname}${page.search}`
        : null;
    return {
      answer: (question) =>
        Promise.resolve(
          question.url === twinUrl && twin
            ? {
                ...twin,
                url: twinUrl,
                location:
                  twin.location === null
                    ? null
                    : new URL(`${page.pathname}${page.search}`, twin.location)
                        .href,
              }
            : {
                url: question.url,
                status: null,
                location: null,
                robots: [],
                error: 'unchecked',
              },
        ),
    };
  }
}

/**
 * Whether the crawl may ask a URL it will not request as a page: any URL of another
 * host, but on the site only what its scope (include, exclude) and robots.txt allow.
 */
function mayProbe(url: string, context: AuditContext): boolean {
  return (
    !context.scope.onSite(url) ||
    (context.scope.inScope(url) && context.robots.allows(url))
  );
}

/** A redirect's normalised target, or null (no redirect, or no usable Location). */
function redirectTargetOf(answer: FetchedResponse): string | null {
  if (answer.status < 300 || answer.status >= 400) return null;
  const location = answer.headers.location;
  if (!location) return null;
  try {
    const target = new URL(location, answer.url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return null;
    target.hash = '';
    return target.href;
  } catch {
    return null;
  }
}

/** Generated from docs/openapi.json by `npm run docs:openapi` (openapi-typescript); do not edit. */

export interface paths {
  '/api/v1/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List reports, with search, filters, sort and pages */
    get: operations['listReports'];
    put?: never;
    /**
     * Analyse a URL and store the report
     * @description Answers 201 when the analysis ends, completed or failed (a failed analysis is still a created report, with `status: "failed"` and `error`). A URL refused by validation or the address policy answers 422. If the analysis is still waiting for its turn when the analysis deadline has passed, or cannot be queued now (the job queue is unreachable: the report is saved, and analysed once the queue is back), the answer is 202 with the report as it stands, at once in the second case.
     */
    post: operations['createReport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one report with its full analysis */
    get: operations['getReport'];
    /**
     * Change a report's privacy or password, or re-run its analysis
     * @description Every field is optional, but at least one must be sent. `results=1` re-runs the analysis (the report keeps its last result meanwhile).
     */
    put: operations['updateReport'];
    post?: never;
    /** Delete a report */
    delete: operations['deleteReport'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queue the analyses of up to 100 URLs at once
     * @description Answers 202 at once with every created report, queued (poll each, or list them). Each item is judged as a single create is; if any is refused, the 422 names each refused field by index (`reports.3.url`) and no report is created. The batch counts as one request against the analyses rate limit, and whole against the in-flight cap: a batch that would take the account past ANALYSES_IN_FLIGHT_PER_ACCOUNT is refused (429), none created.
     */
    post: operations['createReportsBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a report's runs, newest first
     * @description Every completed or failed run of the report, the last RUN_HISTORY_LIMIT (default 20) kept, without their full results. Pages as the reports list.
     */
    get: operations['listReportRuns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}/runs/{run}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one run of a report with its full results */
    get: operations['getReportRun'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}/diff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What changed between two completed runs of a report
     * @description Score and rating from → to, the score delta of each category, the checks that started failing (with their evidence in `to`) and those that stopped (with their evidence in `from`). Without `to`, the latest completed run; without `from`, the completed run before `to`. A run named that failed has no results: 422 naming the parameter.
     */
    get: operations['getReportDiff'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/r/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The shared page of a report, as HTML
     * @description A public report's page, or a password report's page when the request carries its cookie (set by the password form); otherwise a password report shows the form.
     */
    get: operations['getSharedReportPage'];
    put?: never;
    /**
     * The password form of a shared report: opens a password report's pages
     * @description The right password answers 303 to the page, with a signed cookie valid 12 hours for this report only (on a public report, 303 with no cookie). Wrong passwords count toward the limits of the report.
     */
    post: operations['unlockSharedReportPage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/shared/reports/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A public or password-protected report, without an API key
     * @description For embedding (CORS open to any origin). Public reports answer openly; password reports need `X-Report-Password` (wrong passwords answer 401 and are rate-limited); private reports answer 404, like missing ones.
     */
    get: operations['getSharedReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the account's site audits, newest first */
    get: operations['listSiteAudits'];
    put?: never;
    /**
     * Crawl a site, judge every page, then judge the set
     * @description Answers 202 at once with the audit, queued; poll its Location (or the list). The URL rules and the address policy are those of reports. An account has at most SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT (2) audits queued or running: more answer 429 with Retry-After.
     */
    post: operations['createSiteAudit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one site audit */
    get: operations['getSiteAudit'];
    /**
     * Change who may read a site audit's shared page, or its schedule
     * @description Every field is optional, but at least one must be sent. The password rule is that of reports: privacy 2 needs a password unless the audit has one, and a password goes with privacy 2 only. `rotate_share_token=1` gives a new share_url; the old one answers 404.
     */
    put: operations['updateSiteAudit'];
    post?: never;
    /** Delete a site audit and all of it (a running one stops first) */
    delete: operations['deleteSiteAudit'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stop a queued or running site audit
     * @description The crawl stops at once: no request to the site is started from then on, and the audit is `cancelled` (within 10 s) once none is in flight. The pages crawled so far are kept and judged (finished_at tells when). 409 when it has already stopped.
     */
    post: operations['cancelSiteAudit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/pages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a site audit's pages, with filters and sorts
     * @description Every in-scope URL the audit requested (whatever it answered) or left alone because robots.txt disallows it. Before the audit has stopped, what is crawled so far.
     */
    get: operations['listSiteAuditPages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/pages/{page_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One page of a site audit, with its page checks and the site checks it fails */
    get: operations['getSiteAuditPage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/issues': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The findings of a site audit: each page or site check that affects pages, with its scope, priority and advice, highest priority first */
    get: operations['listSiteAuditIssues'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/issues/{check_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The pages a check affects, with its evidence for each */
    get: operations['listSiteAuditIssuePages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/issues/{check_id}/targets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The targets of a link, canonical, route or hreflang finding (broken_link, redirected_link, canonical_broken, canonical_redirect, fragment_routes, hreflang_bad_target): each target URL once, with its answer and every page pointing at it
     * @description A page of the targets (`page`, `per_page` as the other lists of an audit), the most pointed-at first, then by URL.
     */
    get: operations['listSiteAuditIssueTargets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a site audit's links, by linking page */
    get: operations['listSiteAuditLinks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/s/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The shared page of a site audit, as HTML
     * @description A public audit's page, or a password audit's page when the request carries its cookie (set by the password form); otherwise a password audit shows the form. The audit's score and rating, its issues counted by importance, charts of status codes and click depth, then its issues (10 a page) each with its first affected pages, each linking to that page's checks.
     */
    get: operations['getSharedSiteAuditPage'];
    put?: never;
    /**
     * The password form of a shared site audit: opens a password site audit's pages
     * @description The right password answers 303 to the page, with a signed cookie valid 12 hours for this site audit only (on a public site audit, 303 with no cookie). Wrong passwords count toward the limits of the site audit.
     */
    post: operations['unlockSharedSiteAuditPage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/s/{token}/issues/{check_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The pages one issue of a shared site audit affects, as HTML
     * @description Each affected page with the evidence, 50 a page, each linking to its checks; for a finding with targets (broken_link, redirected_link, canonical_broken, canonical_redirect, fragment_routes, hreflang_bad_target), each target once with its answer and every page pointing at it, 20 targets a page. A password audit without its cookie shows the form.
     */
    get: operations['getSharedSiteAuditIssuePage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/s/{token}/pages/{page_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One page of a shared site audit and its checks, as HTML
     * @description The page's facts, the site checks it fails with their evidence, and its page checks as a report shows them. A password audit without its cookie shows the form.
     */
    get: operations['getSharedSiteAuditPageChecks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/issues.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every affected page of every check of a site audit, as CSV
     * @description One row per affected page and check, by page in crawl order. Columns: `issue_id`: the page or site check id (docs/checks.md); `scope`: `host`, `template`, `site` or `page`: the scope of the finding of `/issues` this page is of (a check failing as some templates' and on other pages is a `template` finding on the pages of those templates and a `page` finding on the others); `importance`: `high`, `medium` or `low`; `page_id`: the page's id in the audit (its place in crawl order); `url`: the page's URL; `status_code`: its answer; empty when its request failed or robots.txt blocked it; `depth`: fewest followed links from the start page; empty when reached only through a sitemap, a canonical or hreflang; `template`: the page's template (`/templates`), empty for a page that is not HTML answered 2xx; `evidence`: the check's evidence for the page (`value` of `/issues/{check_id}`): text as it is, anything else as JSON, empty when none. RFC 4180: `text/csv; charset=utf-8`, a header row, CRLF line ends, a field quoted when it holds a comma, a quote or a line break (quotes doubled); an empty cell is null. A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so no spreadsheet runs it as a formula. Streamed in crawl order: any size, in constant memory.
     */
    get: operations['exportSiteAuditIssues'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/pages.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A site audit's pages, as CSV
     * @description One row per page in crawl order, the fields of `/pages`; before the audit has stopped, what is crawled so far. Columns: `id`: the page's id in the audit; `url`: its URL; `status_code`: its answer; empty when none; `redirect_to`: a 3xx answer's target; `content_type`: the Content-Type of its answer; `depth`: fewest followed links from the start page; empty when none; `inlinks`: distinct other pages with a followed link to it; `outlinks`: distinct http(s) targets of its links; `in_sitemap`: `true` or `false`; `blocked_by_robots`: `true` or `false`; `indexable`: `true` or `false`; `title`: its `<title>`; `canonical`: its canonical URL; `score`: HTML pages: 0 to 100; `result`: `good`, `decent` or `bad`; `failed_checks`: ids of the page and site checks it fails, separated by spaces; `error`: why its request failed; `template`: its template (`/templates`): its URL pattern, and `(layout n)` where one pattern has several; empty for a page that is not HTML answered 2xx; `render`: on a rendered audit, what the render met: `rendered` (with `not settled`, dialogs, windows blocked and script errors when there were any), or why the browser gave no page (`page_unresponsive`, `page_crashed`…: its raw HTML was judged); empty when the audit does not render. RFC 4180: `text/csv; charset=utf-8`, a header row, CRLF line ends, a field quoted when it holds a comma, a quote or a line break (quotes doubled); an empty cell is null. A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so no spreadsheet runs it as a formula. Streamed in crawl order: any size, in constant memory.
     */
    get: operations['exportSiteAuditPages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/diff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What changed on the site since another audit of it
     * @description Compares this completed audit with `from` (by default the latest completed audit of the same start URL created before it): issues that appeared and were fixed, per check; pages added and removed; per page, changes of status code, redirect target, indexability, noindex, title, meta description, canonical and hreflang. Pages are matched by their normalised URL. Each kind of change is listed once with the number of pages it touches and the first `pages_per_change` of them.
     */
    get: operations['diffSiteAudits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The audit's templates, with their lab metrics where measured
     * @description Once the crawl is judged: the HTML pages answered 2xx grouped into templates (URL pattern, and layout where one pattern has several: docs/site-audits.md, "Templates"), the biggest first, each with its page count. With lab: true, each one's representative pages and their lab measurements (or why one failed), and its metrics over them; pages not measured inherit their template's verdict. Empty before the judgement.
     */
    get: operations['listSiteAuditTemplates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/site-audits/{id}/export/{format}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A finished site audit in a format: PDF, HTML, JSON, CSV, Markdown, JUnit or SARIF
     * @description The audit's document written by the format asked for, as an attachment named `site-audit-{id}.{extension}`. The PDF is the white-label report an agency sends, in the account's branding (`/account/branding`). The JUnit, SARIF and Markdown formats are the SEO gate's verdict by the `assert` preset.
     */
    get: operations['exportSiteAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/reports/{id}/export/{format}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A report in a format: PDF, HTML or JSON
     * @description The report's document written by the format asked for, as an attachment named `report-{id}.{extension}`. The PDF is the white-label document an agency sends, in the account's branding (`/account/branding`). The formats of site audits only (CSV, Markdown, JUnit, SARIF) answer 404.
     */
    get: operations['exportReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/s/{token}/export/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A shared site audit's PDF, for whoever may see its share page
     * @description The same white-label PDF as `/api/v1/site-audits/{id}/export/pdf`, without a key: a public audit's link is enough; a password audit's needs the cookie its share page's password form sets.
     */
    get: operations['getSharedSiteAuditPdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/r/{token}/export/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A shared report's PDF, for whoever may see its share page
     * @description The same white-label PDF as `/api/v1/reports/{id}/export/pdf`, without a key: a public report's link is enough; a password report's needs the cookie its share page's password form sets.
     */
    get: operations['getSharedReportPdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the account's webhooks, newest first */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Add an endpoint that hears of report events
     * @description Answers 201 with the webhook and its signing `secret`, which no other answer shows (but rotate-secret). A URL refused by validation or the address policy answers 422.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one webhook (without its secret) */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /** Delete a webhook; its pending deliveries are not sent again */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Enable a webhook that was disabled for failing
     * @description Clears `disabled_at`, `disabled_reason` and `failing_since`: events from now on are delivered to it again (the deliveries that failed when it was disabled are not sent again). On an enabled webhook it changes nothing.
     */
    post: operations['enableWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace a webhook's signing secret
     * @description Answers the webhook with its new `secret`, shown this once. Every attempt from now on, retries of earlier deliveries included, is signed with it.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a webhook's deliveries, newest first, with their attempts */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/account/branding': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the account's branding, and what its PDFs and share pages print
     * @description Each field as stored (null when unset; all null, and `updated_at` null, when the account has no branding), and `resolved`: what is printed, the defaults applied (the account's name, a neutral accent colour, no product name).
     */
    get: operations['getBranding'];
    /**
     * Set the account's branding, in place of the one it had
     * @description Every field is optional; one left out is unset (it takes its default), so the body is the whole branding. The logo travels as a base64 `data:` URI, so this route takes bodies up to 384 KiB. Answers the branding as GET does.
     */
    put: operations['putBranding'];
    post?: never;
    /**
     * Remove the account's branding: back to the defaults
     * @description Answers 204 whether or not the account had a branding. Its PDFs and share pages then print the account's name and neutral colours.
     */
    delete: operations['deleteBranding'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs/checks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The check catalogue: every check, when it passes, what to do when it fails
     * @description An HTML page with one section per check, anchored by the check's id: a failed check's `doc_url` leads to its section. The site checks of site audits follow, anchored by their ids too.
     */
    get: operations['getCheckCatalogue'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the process is up
     * @description Answers 200 while the process serves HTTP; it checks nothing else.
     */
    get: operations['getLiveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether the service can serve requests
     * @description Answers 200 when the database, and Redis when REDIS_URL is set, answer within 2 s, and every repeating job (the schedule tick) is set up; 503 naming what does not, otherwise. A repeating job Redis lost is set up again by a worker within its period (10 s at most).
     */
    get: operations['getReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ReportErrorView: {
      /**
       * @description Why the analysis failed (docs/api.md, "error.code"); `internal` when the analyser failed unexpectedly.
       * @example timeout
       * @enum {string}
       */
      code:
        | 'dns'
        | 'timeout'
        | 'connection'
        | 'tls'
        | 'http_status'
        | 'not_html'
        | 'too_large'
        | 'redirect_limit'
        | 'blocked'
        | 'render_failed'
        | 'internal';
      /**
       * @description One sentence for a person; do not parse it.
       * @example The page did not answer within 15 seconds.
       */
      message: string;
    };
    ReportSummaryView: {
      /**
       * Format: int64
       * @description Creation order; the {id} of its path.
       * @example 42
       */
      id: number;
      /** @example https://example.com/pricing */
      url: string;
      /**
       * @description The URL's host, lowercased, without a leading www.
       * @example example.com
       */
      project: string;
      /**
       * @example completed
       * @enum {string}
       */
      status: 'queued' | 'running' | 'completed' | 'failed';
      /**
       * @description good at 80 and above, decent 50–79, bad below 50.
       * @enum {string|null}
       */
      result: 'good' | 'decent' | 'bad' | null;
      score: number | null;
      /**
       * @description 0 public, 1 private, 2 password.
       * @enum {integer}
       */
      privacy: 0 | 1 | 2;
      /**
       * Format: date-time
       * @example 2026-11-22T08:00:03.412Z
       */
      generated_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      error: components['schemas']['ReportErrorView'] | null;
      /**
       * Format: uri
       * @description The page people read without a key, at /r/{token}: set for public and password reports, null for private ones. The token (192 random bits) is made when the report is first shared and kept through privacy changes; `rotate_share_token=1` replaces it, so links handed out before answer 404.
       * @example https://reports.example.com/r/Xb3kQ9vT0mZsY7pL2cR5nW8dF1hJ4gA6
       */
      share_url: string | null;
      /**
       * @description Whether the page is judged as a browser renders it, once its scripts have run (`render: true` when created).
       * @example false
       */
      render: boolean;
      /**
       * @description Whether the page is also measured in a lab browser (`lab: true` when created); the figures are in the results’ `lab` section.
       * @example false
       */
      lab: boolean;
      /**
       * @description How often the page is analysed again by itself; null when it is not.
       * @enum {string|null}
       */
      schedule: 'daily' | 'weekly' | null;
      /**
       * Format: date-time
       * @description When the schedule's next run is due (it starts within a minute of it; later when the account has too many analyses in flight then); null without a schedule.
       * @example 2026-11-23T08:00:01.120Z
       */
      next_run_at: string | null;
    };
    ListLinksView: {
      /** Format: uri */
      first: string;
      /** Format: uri */
      last: string;
      /** Format: uri */
      prev: string | null;
      /** Format: uri */
      next: string | null;
    };
    ListMetaView: {
      /** @description The page asked for; null when the page was read from a cursor. */
      current_page: number | null;
      from: number | null;
      to: number | null;
      last_page: number;
      per_page: number;
      /** @description Items the filters keep. Exact, but for a search of reports with more than 2000 matches: then an estimate (total_is_exact false), at least 2001. */
      total: number;
      /** @description False when total (and so last_page and links.last) is an estimate: a search of reports with more than 2000 matches. links.next then follows every full page. */
      total_is_exact: boolean;
      /** @description Pass as cursor to read the items after this page; null when there are none (and always on lists without cursors). */
      next_cursor: string | null;
      /** @description Pass as cursor to read the items before this page; null when there are none (and always on lists without cursors). */
      prev_cursor: string | null;
      /** Format: uri */
      path: string;
    };
    ReportListEnvelope: {
      data: components['schemas']['ReportSummaryView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    LabSpreadView: {
      /** @example 2410.5 */
      min: number;
      /** @example 2655.2 */
      max: number;
    };
    LabMetricView: {
      /**
       * @description Named as Lighthouse CI’s assertions name it.
       * @enum {string}
       */
      id:
        | 'largest_contentful_paint'
        | 'cumulative_layout_shift'
        | 'total_blocking_time'
        | 'first_contentful_paint'
        | 'speed_index';
      /**
       * @description The median of the runs: milliseconds, or unitless for cumulative_layout_shift.
       * @example 2512.3
       */
      value: number;
      /** @enum {string} */
      unit: 'ms' | 'unitless';
      /**
       * @description Lighthouse’s band of the median (mobile): good up to LCP 2500 ms, CLS 0.1, TBT 200 ms, FCP 1800 ms, Speed Index 3387 ms; poor past 4000 ms, 0.25, 600 ms, 3000 ms, 5800 ms.
       * @enum {string}
       */
      band: 'good' | 'needs_improvement' | 'poor';
      /**
       * @description Every run’s value, in the order run.
       * @example [
       *       2410.5,
       *       2512.3,
       *       2655.2
       *     ]
       */
      runs: number[];
      spread: components['schemas']['LabSpreadView'];
      /** @description The runs disagree: their spread is past 25% of the median and past 200 ms (0.05 for layout shift). */
      wide: boolean;
    };
    LabSettingsView: {
      /** @example lighthouse */
      tool: string;
      /** @example 13.5.0 */
      tool_version: string;
      /** @example 156.0.8078.108 */
      browser_version: string;
      /** @enum {string} */
      form_factor: 'mobile' | 'desktop';
      /** @enum {string} */
      throttling_method: 'simulate' | 'devtools' | 'provided';
      /**
       * @description Lighthouse’s throttling figures as used.
       * @example {
       *       "rttMs": 150,
       *       "throughputKbps": 1638.4,
       *       "cpuSlowdownMultiplier": 4
       *     }
       */
      throttling: {
        [key: string]: number;
      };
    };
    LabResultView: {
      /** @description The URL measured, as the browser ended on it. */
      url: string;
      /** Format: date-time */
      measured_at: string;
      /** @description The median of the runs’ Lighthouse performance scores; it counts in the performance category (docs/checks.md, Scoring and the cap). */
      performance_score: number;
      /** @description How many runs the medians are of. */
      runs: number;
      metrics: components['schemas']['LabMetricView'][];
      settings: components['schemas']['LabSettingsView'];
      /** @description What a reader should know: wide spreads, runs that failed and were left out. */
      warnings: string[];
    };
    ReportLabErrorView: {
      /**
       * @description browser_missing: no browser, or its sandbox cannot start; blocked: the address policy refused the page; timeout: a run took longer than its cap; navigation_failed: the page did not load; failed: no run gave figures.
       * @enum {string}
       */
      code:
        | 'browser_missing'
        | 'blocked'
        | 'timeout'
        | 'failed'
        | 'navigation_failed';
      /** @example The page did not load: net::ERR_CONNECTION_REFUSED. */
      message: string;
    };
    ReportLabFailureView: {
      /** @description The URL the lab was asked to measure. */
      url: string;
      /** Format: date-time */
      measured_at: string;
      error: components['schemas']['ReportLabErrorView'];
    };
    CategoryScoreView: {
      /** @description Null when no check of the category applied to the page. */
      score: number | null;
      passed: number;
      failed: number;
    };
    CategoryScoresView: {
      seo: components['schemas']['CategoryScoreView'];
      performance: components['schemas']['CategoryScoreView'];
      security: components['schemas']['CategoryScoreView'];
      miscellaneous: components['schemas']['CategoryScoreView'];
    };
    CheckResultView: {
      /**
       * @description The check's id, its anchor in docs/checks.md.
       * @example title_length
       */
      id: string;
      /**
       * @description One of the score’s four, or `accessibility`, which counts in no score.
       * @enum {string}
       */
      category:
        'seo' | 'performance' | 'security' | 'miscellaneous' | 'accessibility';
      /** @enum {string} */
      importance: 'high' | 'medium' | 'low';
      /** @description true passed, false failed, null does not apply to this page. */
      passed: boolean | null;
      title: string;
      /** @description One short sentence for a person. */
      message: string;
      /** @description The evidence: a text, a count, a header or up to 20 offending items, per docs/checks.md; null when there is none. */
      value:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
      /** @description Failed checks only: what to change. */
      advice?: string;
      /**
       * Format: uri
       * @description Failed checks only: the check's section in the catalogue.
       * @example https://reports.example.com/docs/checks#title_length
       */
      doc_url?: string;
    };
    RedirectHopView: {
      url: string;
      status_code: number;
    };
    PageFactsView: {
      /** @description The URL after redirects. */
      final_url: string;
      /** @example 200 */
      status_code: number;
      redirects: components['schemas']['RedirectHopView'][];
      /** @example text/html; charset=utf-8 */
      content_type: string;
      /**
       * @description The Content-Encoding the page came with; null when plain.
       * @example br
       */
      encoding: string | null;
      ttfb_ms: number;
      load_time_ms: number;
      html_bytes: number;
      transfer_bytes: number;
      dom_elements: number;
      words: number;
    };
    RenderChoiceView: {
      /**
       * @description `start` (the start page, always rendered), `sample` (rendered to learn whether rendering changes its template), `rendered` (a sample of its template changed when rendered), `raw` (its template's samples did not: judged raw).
       * @enum {string}
       */
      kind: 'start' | 'sample' | 'rendered' | 'raw';
      /**
       * @description Its template as the crawl tells them apart while it runs: its folder (numbers, dates and ids generalised) and its raw layout's digest.
       * @example /docs/* (layout 3f2a9c1b)
       */
      template: string;
      /** @example 3 sampled pages of its template rendered as their raw HTML reads: its other pages are judged raw. */
      reason: string;
    };
    RenderOutcomeView: {
      /**
       * @description `rendered` (its DOM was judged), `not_rendered` (render: "auto" judged it raw: `choice` says why), or why the browser gave no page, its raw HTML judged instead: `page_unresponsive` (its scripts kept the browser busy past the time cap), `page_crashed`, `render_timeout`, `too_large`, `navigation_failed`, `disallowed`.
       * @example rendered
       */
      status: string;
      /** @description The network went quiet before the time cap; false: the page was taken as it was at the cap (a request that never ends). Null when it gave no page. */
      settled: boolean | null;
      /** @description Dialogs it opened (alert, confirm, prompt), each dismissed. */
      dialogs: number;
      /** @description Windows its scripts opened, each blocked. */
      windows_blocked: number;
      /** @description Uncaught exceptions of its scripts. */
      script_errors: number;
      /** @description Why the browser gave no page, in words. */
      message: string | null;
      /** @description A site audit with render: "auto": why this page was rendered or judged raw. Absent otherwise. */
      choice?: components['schemas']['RenderChoiceView'];
    };
    AccessibilityNodeView: {
      /**
       * @description A CSS selector of the element (shadow roots joined by ` >>> `), at most 300 characters.
       * @example form > input
       */
      target: string;
      /**
       * @description The element's markup, at most 300 characters.
       * @example <input type="text" name="email">
       */
      html: string;
      /** @description What to fix, in axe-core's words, at most 500 characters. */
      failure_summary: string;
    };
    AccessibilityViolationView: {
      /**
       * @description axe-core's rule id.
       * @example label
       */
      id: string;
      /**
       * @description The worst impact among its elements, as axe-core rates it.
       * @enum {string|null}
       */
      impact: 'critical' | 'serious' | 'moderate' | 'minor' | null;
      /**
       * @description axe-core's help text.
       * @example Form elements must have labels
       */
      help: string;
      /** Format: uri */
      help_url: string;
      description: string;
      /**
       * @example [
       *       "cat.forms",
       *       "wcag2a",
       *       "wcag412"
       *     ]
       */
      tags: string[];
      /** @description Elements that fail the rule, all of them. */
      node_count: number;
      /** @description The first 5 of them. */
      nodes: components['schemas']['AccessibilityNodeView'][];
    };
    AccessibilityAuditView: {
      /** @description Whether axe-core ran in the page; false with `render: false` (`reason`). */
      ran: boolean;
      /**
       * @description When no rule ran, why: `render: false`, `not rendered` (a page of a render: "auto" audit judged raw), `timed out after 5000 ms`, `failed: …`.
       * @example render: false
       */
      reason?: string;
      /** @example axe-core 4.14.1 */
      engine?: string;
      /**
       * @description axe-core's tags whose rules ran.
       * @example [
       *       "wcag2a",
       *       "wcag2aa",
       *       "wcag21a",
       *       "wcag21aa",
       *       "wcag22aa"
       *     ]
       */
      tags?: string[];
      /** @description The rules the page violates, worst impact first (at most 100); empty when none. */
      violations?: components['schemas']['AccessibilityViolationView'][];
      /** @description How long axe-core took in the page. */
      ms?: number;
    };
    ReportResultsView: {
      /** @description Capped at 49 when a capping check failed. */
      score: number;
      uncapped_score: number;
      /**
       * @description The capping checks that failed, whether or not the cap lowered the score.
       * @example []
       */
      capped_by: string[];
      /** @enum {string} */
      rating: 'good' | 'decent' | 'bad';
      categories: components['schemas']['CategoryScoresView'];
      checks: components['schemas']['CheckResultView'][];
      page: components['schemas']['PageFactsView'];
      /** @description With render: true, what the render met: settled or taken at the time cap, dialogs dismissed, windows blocked, script errors (docs/rendering.md). */
      render?: components['schemas']['RenderOutcomeView'];
      /** @description Accessibility, beside the score's four categories and in none of their scores: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules run in the rendered page (docs/rendering.md). With render: false, `{ ran: false, reason: "render: false" }`: no rule ran. Absent from results made before it was kept, and from a site audit's pages, whose `accessibility` check carries their violations. */
      accessibility?: components['schemas']['AccessibilityAuditView'];
      /** @description With lab: true: the page measured in a lab browser (docs/lab.md), or, when the measurement failed, why (`error`); the analysis and its score stand without it. */
      lab?:
        | components['schemas']['LabResultView']
        | components['schemas']['ReportLabFailureView'];
    };
    ReportView: {
      /**
       * Format: int64
       * @description Creation order; the {id} of its path.
       * @example 42
       */
      id: number;
      /** @example https://example.com/pricing */
      url: string;
      /**
       * @description The URL's host, lowercased, without a leading www.
       * @example example.com
       */
      project: string;
      /**
       * @example completed
       * @enum {string}
       */
      status: 'queued' | 'running' | 'completed' | 'failed';
      /**
       * @description good at 80 and above, decent 50–79, bad below 50.
       * @enum {string|null}
       */
      result: 'good' | 'decent' | 'bad' | null;
      score: number | null;
      /**
       * @description 0 public, 1 private, 2 password.
       * @enum {integer}
       */
      privacy: 0 | 1 | 2;
      /**
       * Format: date-time
       * @example 2026-11-22T08:00:03.412Z
       */
      generated_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      error: components['schemas']['ReportErrorView'] | null;
      /**
       * Format: uri
       * @description The page people read without a key, at /r/{token}: set for public and password reports, null for private ones. The token (192 random bits) is made when the report is first shared and kept through privacy changes; `rotate_share_token=1` replaces it, so links handed out before answer 404.
       * @example https://reports.example.com/r/Xb3kQ9vT0mZsY7pL2cR5nW8dF1hJ4gA6
       */
      share_url: string | null;
      /**
       * @description Whether the page is judged as a browser renders it, once its scripts have run (`render: true` when created).
       * @example false
       */
      render: boolean;
      /**
       * @description Whether the page is also measured in a lab browser (`lab: true` when created); the figures are in the results’ `lab` section.
       * @example false
       */
      lab: boolean;
      /**
       * @description How often the page is analysed again by itself; null when it is not.
       * @enum {string|null}
       */
      schedule: 'daily' | 'weekly' | null;
      /**
       * Format: date-time
       * @description When the schedule's next run is due (it starts within a minute of it; later when the account has too many analyses in flight then); null without a schedule.
       * @example 2026-11-23T08:00:01.120Z
       */
      next_run_at: string | null;
      /** @description The full analysis: score, categories, checks and page facts (docs/checks.md), and with lab: true the lab section; null until an analysis completes. */
      results: components['schemas']['ReportResultsView'] | null;
    };
    ReportEnvelope: {
      data: components['schemas']['ReportView'];
    };
    CreateReportDto: {
      /**
       * @description The page to analyse: an absolute http or https URL, at most 2048 characters, without user-info.
       * @example https://example.com/pricing
       */
      url: string;
      /**
       * @description 0 public, 1 private, 2 password-protected.
       * @default 1
       * @example 2
       * @enum {integer}
       */
      privacy: 0 | 1 | 2;
      /**
       * @description Required with privacy 2 and refused with any other privacy. Write-only: never returned.
       * @example hunter22
       */
      password?: string;
      /**
       * @description Analyse the page again by itself every day or every week, from now on (`next_run_at` tells when); `off` (or null) never.
       * @default off
       * @enum {string|null}
       */
      schedule: 'daily' | 'weekly' | 'off' | null;
      /**
       * @description Judge the page as a browser renders it, once its scripts have run (headless Chromium, every request under the address policy), as search engines do before they index it: the page checks read the rendered DOM, status and headers the raw answer, and the rendered-against-raw checks compare the two. Slower (about a second a page more). 503 when the service has no Chromium.
       * @default false
       */
      render: boolean;
      /**
       * @description Also measure the page in a lab browser (Lighthouse, performance only, its default mobile emulation and simulated throttling; every request under the address policy): Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint and Speed Index, each the median of 3 runs with its band and spread, in the results' `lab` section; the performance score counts in the performance category (docs/lab.md). Slower: about 25 s more a report, one measurement at a time per machine. 503 when the service has no Chromium.
       * @default false
       */
      lab: boolean;
    };
    ReportBatchEnvelope: {
      /** @description Every report of the batch, in its order, queued. */
      data: components['schemas']['ReportView'][];
    };
    RunSummaryView: {
      /**
       * @description The run number: create is run 1, each re-run adds one.
       * @example 3
       */
      run: number;
      /**
       * @example completed
       * @enum {string}
       */
      status: 'completed' | 'failed';
      /** @description Null for a failed run. */
      score: number | null;
      /**
       * @description The rating of the score; null for a failed run.
       * @enum {string|null}
       */
      result: 'good' | 'decent' | 'bad' | null;
      /**
       * Format: date-time
       * @description When a worker first took the run.
       */
      started_at: string;
      /** Format: date-time */
      finished_at: string;
      /** @description Why the run failed; null for a completed run. */
      error: components['schemas']['ReportErrorView'] | null;
    };
    RunListEnvelope: {
      data: components['schemas']['RunSummaryView'][];
      links: components['schemas']['ListLinksView'];
      /** @description As the reports list has it; total is always exact and the cursors null. */
      meta: components['schemas']['ListMetaView'];
    };
    AnalysisResultsView: {
      /** @description Capped at 49 when a capping check failed. */
      score: number;
      uncapped_score: number;
      /**
       * @description The capping checks that failed, whether or not the cap lowered the score.
       * @example []
       */
      capped_by: string[];
      /** @enum {string} */
      rating: 'good' | 'decent' | 'bad';
      categories: components['schemas']['CategoryScoresView'];
      checks: components['schemas']['CheckResultView'][];
      page: components['schemas']['PageFactsView'];
      /** @description With render: true, what the render met: settled or taken at the time cap, dialogs dismissed, windows blocked, script errors (docs/rendering.md). */
      render?: components['schemas']['RenderOutcomeView'];
      /** @description Accessibility, beside the score's four categories and in none of their scores: axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules run in the rendered page (docs/rendering.md). With render: false, `{ ran: false, reason: "render: false" }`: no rule ran. Absent from results made before it was kept, and from a site audit's pages, whose `accessibility` check carries their violations. */
      accessibility?: components['schemas']['AccessibilityAuditView'];
    };
    RunView: {
      /**
       * @description The run number: create is run 1, each re-run adds one.
       * @example 3
       */
      run: number;
      /**
       * @example completed
       * @enum {string}
       */
      status: 'completed' | 'failed';
      /** @description Null for a failed run. */
      score: number | null;
      /**
       * @description The rating of the score; null for a failed run.
       * @enum {string|null}
       */
      result: 'good' | 'decent' | 'bad' | null;
      /**
       * Format: date-time
       * @description When a worker first took the run.
       */
      started_at: string;
      /** Format: date-time */
      finished_at: string;
      /** @description Why the run failed; null for a completed run. */
      error: components['schemas']['ReportErrorView'] | null;
      /** @description The run's full analysis, as a report's `results`; null for a failed run. */
      results: components['schemas']['AnalysisResultsView'] | null;
    };
    RunEnvelope: {
      data: components['schemas']['RunView'];
    };
    DiffRunView: {
      run: number;
      /** Format: date-time */
      finished_at: string;
    };
    ScoreChangeView: {
      from: number;
      to: number;
      /** @description to − from. */
      delta: number;
    };
    ResultChangeView: {
      /** @enum {string} */
      from: 'good' | 'decent' | 'bad';
      /** @enum {string} */
      to: 'good' | 'decent' | 'bad';
      changed: boolean;
    };
    CategoryChangeView: {
      from: number | null;
      to: number | null;
      /** @description to − from; null when no check of the category applied in one of the runs. */
      delta: number | null;
    };
    CategoryChangesView: {
      seo: components['schemas']['CategoryChangeView'];
      performance: components['schemas']['CategoryChangeView'];
      security: components['schemas']['CategoryChangeView'];
      miscellaneous: components['schemas']['CategoryChangeView'];
    };
    StartedFailingView: {
      /**
       * @description The check's id, its anchor in docs/checks.md.
       * @example title_length
       */
      id: string;
      /**
       * @description One of the score’s four, or `accessibility`, which counts in no score.
       * @enum {string}
       */
      category:
        'seo' | 'performance' | 'security' | 'miscellaneous' | 'accessibility';
      /** @enum {string} */
      importance: 'high' | 'medium' | 'low';
      /** @description true passed, false failed, null does not apply to this page. */
      passed: boolean | null;
      title: string;
      /** @description One short sentence for a person. */
      message: string;
      /** @description The evidence: a text, a count, a header or up to 20 offending items, per docs/checks.md; null when there is none. */
      value:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
      /** @description Failed checks only: what to change. */
      advice?: string;
      /**
       * Format: uri
       * @description Failed checks only: the check's section in the catalogue.
       * @example https://reports.example.com/docs/checks#title_length
       */
      doc_url?: string;
      /**
       * @description Its outcome in the `from` run (`absent`: that run had no such check).
       * @enum {string}
       */
      was: 'passed' | 'not_applicable' | 'absent';
    };
    StoppedFailingView: {
      /**
       * @description The check's id, its anchor in docs/checks.md.
       * @example title_length
       */
      id: string;
      /**
       * @description One of the score’s four, or `accessibility`, which counts in no score.
       * @enum {string}
       */
      category:
        'seo' | 'performance' | 'security' | 'miscellaneous' | 'accessibility';
      /** @enum {string} */
      importance: 'high' | 'medium' | 'low';
      /** @description true passed, false failed, null does not apply to this page. */
      passed: boolean | null;
      title: string;
      /** @description One short sentence for a person. */
      message: string;
      /** @description The evidence: a text, a count, a header or up to 20 offending items, per docs/checks.md; null when there is none. */
      value:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
      /** @description Failed checks only: what to change. */
      advice?: string;
      /**
       * Format: uri
       * @description Failed checks only: the check's section in the catalogue.
       * @example https://reports.example.com/docs/checks#title_length
       */
      doc_url?: string;
      /**
       * @description Its outcome in the `to` run (`absent`: that run has no such check).
       * @enum {string}
       */
      now: 'passed' | 'not_applicable' | 'absent';
    };
    RunDiffView: {
      from: components['schemas']['DiffRunView'];
      to: components['schemas']['DiffRunView'];
      score: components['schemas']['ScoreChangeView'];
      /** @description The rating. */
      result: components['schemas']['ResultChangeView'];
      /** @description The score of each category (seo, performance, security, miscellaneous). */
      categories: components['schemas']['CategoryChangesView'];
      /** @description Checks that fail in `to` and did not in `from`, as they stand in `to`: message, evidence (`value`), advice. */
      started_failing: components['schemas']['StartedFailingView'][];
      /** @description Checks that failed in `from` and do not in `to`, as they stood in `from`, with the evidence of that failure. */
      stopped_failing: components['schemas']['StoppedFailingView'][];
    };
    RunDiffEnvelope: {
      data: components['schemas']['RunDiffView'];
    };
    ScorePointView: {
      run: number;
      score: number;
      /** Format: date-time */
      finished_at: string;
    };
    SharedReportView: {
      /**
       * Format: int64
       * @description Creation order; the {id} of its path.
       * @example 42
       */
      id: number;
      /** @example https://example.com/pricing */
      url: string;
      /**
       * @description The URL's host, lowercased, without a leading www.
       * @example example.com
       */
      project: string;
      /**
       * @example completed
       * @enum {string}
       */
      status: 'queued' | 'running' | 'completed' | 'failed';
      /**
       * @description good at 80 and above, decent 50–79, bad below 50.
       * @enum {string|null}
       */
      result: 'good' | 'decent' | 'bad' | null;
      score: number | null;
      /**
       * @description 0 public, 1 private, 2 password.
       * @enum {integer}
       */
      privacy: 0 | 1 | 2;
      /**
       * Format: date-time
       * @example 2026-11-22T08:00:03.412Z
       */
      generated_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      error: components['schemas']['ReportErrorView'] | null;
      /**
       * Format: uri
       * @description The page people read without a key, at /r/{token}: set for public and password reports, null for private ones. The token (192 random bits) is made when the report is first shared and kept through privacy changes; `rotate_share_token=1` replaces it, so links handed out before answer 404.
       * @example https://reports.example.com/r/Xb3kQ9vT0mZsY7pL2cR5nW8dF1hJ4gA6
       */
      share_url: string | null;
      /**
       * @description Whether the page is judged as a browser renders it, once its scripts have run (`render: true` when created).
       * @example false
       */
      render: boolean;
      /**
       * @description Whether the page is also measured in a lab browser (`lab: true` when created); the figures are in the results’ `lab` section.
       * @example false
       */
      lab: boolean;
      /**
       * @description How often the page is analysed again by itself; null when it is not.
       * @enum {string|null}
       */
      schedule: 'daily' | 'weekly' | null;
      /**
       * Format: date-time
       * @description When the schedule's next run is due (it starts within a minute of it; later when the account has too many analyses in flight then); null without a schedule.
       * @example 2026-11-23T08:00:01.120Z
       */
      next_run_at: string | null;
      /** @description The full analysis: score, categories, checks and page facts (docs/checks.md), and with lab: true the lab section; null until an analysis completes. */
      results: components['schemas']['ReportResultsView'] | null;
      /** @description The scores of the report's kept completed runs, oldest first (the shared page's chart). */
      score_history: components['schemas']['ScorePointView'][];
    };
    SharedReportEnvelope: {
      data: components['schemas']['SharedReportView'];
    };
    CrawlSettingsView: {
      /** @example 500 */
      max_pages: number;
      /** @example 10 */
      max_depth: number;
      /** @example [] */
      include: string[];
      /** @example [] */
      exclude: string[];
      /** @example true */
      respect_robots: boolean;
      /** @example true */
      sitemaps: boolean;
      /**
       * @description HTML pages are rendered in a browser: judged, and their links followed, as the rendered DOM has them; `"auto"`: only where rendering changes a template (each page's `render.choice` says why).
       * @example false
       */
      render: boolean | 'auto';
      /**
       * @description Once the crawl is judged, templates' representative pages are measured in a lab browser (GET /site-audits/{id}/templates).
       * @example false
       */
      lab: boolean;
      /**
       * @description Runs per measured page with lab; null without.
       * @example null
       */
      lab_runs: number | null;
    };
    CrawlProgressView: {
      /**
       * @description queued, crawling, judging (the crawl stopped), lab (its templates measured, with lab: true), finished.
       * @example crawling
       * @enum {string}
       */
      phase: 'queued' | 'crawling' | 'judging' | 'lab' | 'finished';
      /**
       * @description Pages the lab phase measures (templates' representatives); null without lab, or until the templates are grouped.
       * @example null
       */
      lab_pages: number | null;
      /**
       * @description Of lab_pages, those measured or failed so far (a failed one says why under its template).
       * @example 0
       */
      lab_pages_measured: number;
      /** @description Pages requested and settled so far (whatever they answered). */
      pages_crawled: number;
      /** @description In-scope URLs the crawl may still request: placed in a wave and waiting, being requested, or found by a followed link, a sitemap, a canonical or hreflang. */
      pages_queued: number;
      /** @description Pages whose request failed (no HTTP answer: connection, timeout, dns, tls, blocked). */
      pages_failed: number;
      /** @description Pages the service failed to process (an error of the service, logged; not a fact about the site): their answer is unknown, so no check judges by them. */
      pages_unprocessed: number;
      /**
       * @description Pages crawled and queued, never past settings.max_pages: what the crawl knows it will have done. Pages found later raise it.
       * @example 150
       */
      pages_known: number;
      /**
       * @description pages_crawled as a share of pages_known, in percent, rounded down; 0 while none is known, 100 once stopped.
       * @example 33
       */
      percent_done: number;
      /**
       * @description Milliseconds since the audit was created (its time queued included), until it was judged (finished_at).
       * @example 60000
       */
      elapsed_ms: number;
      /**
       * @description An estimate of the milliseconds the crawl has left, if the pages to go take as long as those done did: elapsed_ms × (pages_known − pages_crawled) ÷ pages_crawled, rounded; 0 once stopped; null until a page is crawled.
       * @example 120000
       */
      time_left_ms: number | null;
    };
    SiteAuditErrorView: {
      /** @example connection */
      code: string;
      /** @example The start URL could not be fetched: connection refused. */
      message: string;
    };
    IncompleteAuditView: {
      /** @example 3 */
      pages: number;
      /** @example 3 pages could not be processed because of an error of the service (logged). Their answers are unknown: no link to them is reported broken. */
      reason: string;
    };
    RenderTemplateView: {
      /**
       * @description The template as the crawl told them apart while it ran: a folder (numbers, dates and ids generalised) and its raw layout's digest; `/` is the start page.
       * @example /docs/* (layout 3f2a9c1b)
       */
      template: string;
      /** @example 120 */
      pages: number;
      /**
       * @description Its pages rendered (the start page, samples, or all of them).
       * @example 3
       */
      rendered_pages: number;
      /**
       * @description Why: a sample whose render changed what matters (every page rendered), samples that changed nothing (the rest judged raw), or too few pages to go past sampling.
       * @example 3 sampled pages of its template rendered as their raw HTML reads: its other pages are judged raw.
       */
      reason: string;
    };
    StructuredDataCountView: {
      /**
       * @description The type as its items name it: a schema.org type by its name, another vocabulary's by its IRI.
       * @example BreadcrumbList
       */
      type: string;
      /**
       * @description The HTML pages with at least one item of this type.
       * @example 412
       */
      pages: number;
    };
    AccessibilityRuleCountView: {
      /**
       * @description axe-core's rule id.
       * @example color-contrast
       */
      rule: string;
      /** @example 37 */
      pages: number;
    };
    AccessibilitySummaryView: {
      /**
       * @description Pages axe-core audited: the pages rendered (render: true, or the rendered ones of render: "auto"); 0 with render: false, which runs no rule.
       * @example 120
       */
      pages_audited: number;
      /** @description Each rule violated (WCAG 2.0–2.2 A and AA) with its pages, the most first; the check accessibility_violations lists each page's elements and axe-core's help. */
      rules: components['schemas']['AccessibilityRuleCountView'][];
    };
    SiteAuditView: {
      /**
       * Format: int64
       * @example 7
       */
      id: number;
      /**
       * @description The start URL, normalised.
       * @example https://example.com/
       */
      url: string;
      /**
       * @description The start URL's host, lowercased, without a leading www.
       * @example example.com
       */
      project: string;
      /**
       * @example running
       * @enum {string}
       */
      status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
      /**
       * @description Why the crawl stopped: done (nothing left in scope), max_pages, cancelled, error; null until it stops.
       * @enum {string|null}
       */
      stop_reason: 'done' | 'max_pages' | 'cancelled' | 'error' | null;
      settings: components['schemas']['CrawlSettingsView'];
      progress: components['schemas']['CrawlProgressView'];
      /** @description Once judged: the mean of the scores of the audit's HTML pages (each with the site checks it fails counted as failed checks), rounded; null before, or without an HTML page. */
      score: number | null;
      /** @enum {string|null} */
      result: 'good' | 'decent' | 'bad' | null;
      /**
       * @description Once judged: for every page and site check that affects at least one page, how many pages it affects.
       * @example {
       *       "duplicate_title": 4,
       *       "broken_link": 2
       *     }
       */
      issues: {
        [key: string]: number;
      } | null;
      /**
       * @description 0 public, 1 private, 2 password.
       * @enum {integer}
       */
      privacy: 0 | 1 | 2;
      /**
       * Format: uri
       * @description The page people read without a key; null for a private audit.
       */
      share_url: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      started_at: string | null;
      /**
       * Format: date-time
       * @description When its issues were judged (the crawl stopped before); null until then.
       */
      finished_at: string | null;
      error: components['schemas']['SiteAuditErrorView'] | null;
      /** @description Set when the service failed to process some pages (progress.pages_unprocessed): the audit says so, and its findings leave those pages out. Null otherwise. */
      incomplete: components['schemas']['IncompleteAuditView'] | null;
      /** @description An audit with render: "auto", read alone (GET /site-audits/{id}): each template its crawl told apart, how many of its pages were rendered, and why (docs/rendering.md). Null in lists and for other audits. */
      render_templates: components['schemas']['RenderTemplateView'][] | null;
      /** @description Once judged: each type of the structured data of its pages (JSON-LD, microdata, RDFa; the first 100 items of a page) with how many pages carry it, the most carried first, at most 100 types; `[]` when no page has any. Null before, and for audits judged before it was counted. The checks structured_data_invalid and rich_result_ineligible say which items are broken or cannot show as rich results. */
      structured_data:
        components['schemas']['StructuredDataCountView'][] | null;
      /** @description Once judged: the pages axe-core audited in the browser and, per rule, the pages violating it (docs/rendering.md, "Accessibility"). Accessibility moves no score. Null before, and for audits judged before it was counted. */
      accessibility: components['schemas']['AccessibilitySummaryView'] | null;
      /**
       * @description daily or weekly: a new audit of the same site, settings and privacy starts by itself each period; null when never.
       * @enum {string|null}
       */
      schedule: 'daily' | 'weekly' | null;
      /**
       * Format: date-time
       * @description When the schedule's next audit is due (it starts within a minute of it; later while the account has SITE_AUDITS_IN_FLIGHT_PER_ACCOUNT audits in flight); null without a schedule.
       */
      next_run_at: string | null;
      /**
       * Format: int64
       * @description The scheduled audit this one was started by (its previous runs share it); null when asked for.
       */
      scheduled_from: number | null;
    };
    SiteAuditEnvelope: {
      data: components['schemas']['SiteAuditView'];
    };
    SiteAuditListEnvelope: {
      data: components['schemas']['SiteAuditView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    TemplateRefView: {
      /** @description Its id in GET /site-audits/{id}/templates. */
      id: number;
      /**
       * @description Its URL pattern, and "(layout n)" where pages of one pattern have different layouts.
       * @example /blog/{slug}
       */
      name: string;
    };
    AuditPageView: {
      /** @description The page's id in its audit: its place in crawl order. */
      id: number;
      /** @example https://example.com/pricing */
      url: string;
      /** @description Null when the request failed (see error) or robots.txt blocked it. */
      status_code: number | null;
      /** @description A 3xx answer's target, normalised. */
      redirect_to: string | null;
      content_type: string | null;
      /** @description Fewest followed links from the start page (0); null when reached only through a sitemap, a canonical or hreflang. */
      depth: number | null;
      /** @description Distinct other pages with a followed link to it. */
      inlinks: number;
      /** @description Distinct http(s) targets of its links. */
      outlinks: number;
      in_sitemap: boolean;
      blocked_by_robots: boolean;
      /** @description An HTML page without noindex whose canonical is absent or its own URL. */
      indexable: boolean;
      title: string | null;
      canonical: string | null;
      /** @description HTML pages: the page checks' score, the site checks it fails counted as failed checks once the audit is judged. */
      score: number | null;
      /** @enum {string|null} */
      result: 'good' | 'decent' | 'bad' | null;
      /** @description Ids of the page and site checks it fails. */
      failed_checks: string[];
      /** @description Why it has no answer: its request failed (connection, timeout, dns, tls, …), or url_too_long (longer than 2,048 characters: recorded, never requested). */
      error: string | null;
      /** @description Its body was longer than the crawl reads (5 MiB): it was judged on its first bytes. */
      truncated: boolean;
      /** @description A text was longer than stored and is kept cut: its title or meta description (1,024 characters), its anchors (128 Ki characters together) or the message or evidence of a check (1,024 characters, 100 items a list). */
      texts_cut: boolean;
      /** @description It had more links (5,000) or hreflang alternates (1,000) than the crawl reads: the first ones were read and followed. */
      links_cut: boolean;
      /** @description On a rendered audit (render: true), what rendering the page met; null when the audit does not render (docs/rendering.md). */
      render: components['schemas']['RenderOutcomeView'] | null;
      /** @description Once the audit is judged, its template (GET /site-audits/{id}/templates); null before, and for pages that are not HTML answered 2xx. */
      template: components['schemas']['TemplateRefView'] | null;
    };
    AuditPageListEnvelope: {
      data: components['schemas']['AuditPageView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    PageTemplateView: {
      /** @description Its id in GET /site-audits/{id}/templates. */
      id: number;
      /**
       * @description Its URL pattern, and "(layout n)" where pages of one pattern have different layouts.
       * @example /blog/{slug}
       */
      name: string;
      /** @description This page itself was measured, as one of its representatives. */
      measured: boolean;
      /** @example Not measured in the lab: it inherits the verdict of its template /blog/{slug}, whose representatives were. */
      note: string;
    };
    SiteCheckFindingView: {
      /** @example duplicate_title */
      id: string;
      /** @description The check's evidence for this page (docs/checks.md). */
      value:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
    };
    AuditPageDetailView: {
      /** @description The page's id in its audit: its place in crawl order. */
      id: number;
      /** @example https://example.com/pricing */
      url: string;
      /** @description Null when the request failed (see error) or robots.txt blocked it. */
      status_code: number | null;
      /** @description A 3xx answer's target, normalised. */
      redirect_to: string | null;
      content_type: string | null;
      /** @description Fewest followed links from the start page (0); null when reached only through a sitemap, a canonical or hreflang. */
      depth: number | null;
      /** @description Distinct other pages with a followed link to it. */
      inlinks: number;
      /** @description Distinct http(s) targets of its links. */
      outlinks: number;
      in_sitemap: boolean;
      blocked_by_robots: boolean;
      /** @description An HTML page without noindex whose canonical is absent or its own URL. */
      indexable: boolean;
      title: string | null;
      canonical: string | null;
      /** @description HTML pages: the page checks' score, the site checks it fails counted as failed checks once the audit is judged. */
      score: number | null;
      /** @enum {string|null} */
      result: 'good' | 'decent' | 'bad' | null;
      /** @description Ids of the page and site checks it fails. */
      failed_checks: string[];
      /** @description Why it has no answer: its request failed (connection, timeout, dns, tls, …), or url_too_long (longer than 2,048 characters: recorded, never requested). */
      error: string | null;
      /** @description Its body was longer than the crawl reads (5 MiB): it was judged on its first bytes. */
      truncated: boolean;
      /** @description A text was longer than stored and is kept cut: its title or meta description (1,024 characters), its anchors (128 Ki characters together) or the message or evidence of a check (1,024 characters, 100 items a list). */
      texts_cut: boolean;
      /** @description It had more links (5,000) or hreflang alternates (1,000) than the crawl reads: the first ones were read and followed. */
      links_cut: boolean;
      /** @description On a rendered audit (render: true), what rendering the page met; null when the audit does not render (docs/rendering.md). */
      render: components['schemas']['RenderOutcomeView'] | null;
      /** @description Once the audit is judged, the page's template, and with lab: true whether it was measured or inherits the template's lab verdict. Null before, and for pages that are not HTML answered 2xx. */
      template: components['schemas']['PageTemplateView'] | null;
      /** @description The page checks, as a report's results; null when it is not an HTML page. */
      results: components['schemas']['AnalysisResultsView'] | null;
      /** @description Each site check it fails, with its evidence. */
      site_checks: components['schemas']['SiteCheckFindingView'][];
    };
    AuditPageEnvelope: {
      data: components['schemas']['AuditPageDetailView'];
    };
    FindingTemplateView: {
      /** @description Its id in GET /site-audits/{id}/templates. */
      id: number;
      /** @example /api/{slug} */
      name: string;
      /** @example /api/{slug} */
      pattern: string;
      /** @description Its pages. */
      pages: number;
      /** @description Of them, those the check fails on. */
      failing: number;
    };
    AuditIssueView: {
      /** @example broken_link */
      id: string;
      /**
       * @description `host`: one fact about the server (HTTPS, its headers, compression, robots.txt, sitemap, favicon, 404 page), the same on every page, reported once; `template`: a page check failing on at least 90% of the pages of one or more templates (3 pages or more; or on 90% of all HTML pages), one fix in each template, named in `templates`; `site`: a check across pages (duplicates, links, canonicals); `page`: a page check failing on some pages. A check failing as a template's and on other pages too is two findings, `template` and `page` (GET /issues/{check_id}?scope= lists each one's pages).
       * @enum {string}
       */
      scope: 'host' | 'template' | 'site' | 'page';
      /** @example Broken internal links */
      title: string;
      /** @enum {string} */
      importance: 'high' | 'medium' | 'low';
      /** @description Higher first. A `site` or `page` finding: 10 × the weight of its importance (high 3, medium 2, low 1), plus that much again times the share of HTML pages it affects (rounded up): 11 to 60. A `template` finding: 10 + 3 × the weight (13, 16, 19), one fix made once: below every medium or high problem found on the pages, above a low-importance defect on a fifth of the pages or fewer. A `host` fact: 5 × the weight (5, 10, 15). */
      priority: number;
      /** @description Pages it affects. */
      pages: number;
      /** @description What to change, from the check catalogue (docs/checks.md). */
      advice: string;
      /** @description The first pages (at most 3, in crawl order) it affects. */
      examples: string[];
      /** @description A `template` finding: each template it fails as, the most failing pages first; empty for the others. */
      templates: components['schemas']['FindingTemplateView'][];
    };
    AuditIssueListEnvelope: {
      /** @description Every check that affects a page, highest `priority` first. */
      data: components['schemas']['AuditIssueView'][];
    };
    AffectedPageView: {
      page_id: number;
      url: string;
      value:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
    };
    AffectedPageListEnvelope: {
      data: components['schemas']['AffectedPageView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    FindingTargetView: {
      /** @example https://example.com/changelog.html */
      url: string;
      /** @description The target's answer; null when its request failed. */
      status_code: number | null;
      /** @description Why its request failed; null when it answered. */
      error: string | null;
      /** @description Where it redirects; null when it does not. */
      redirect_to: string | null;
      /** @description Why it is at fault where its answer does not say it: `noindex` or `canonicalised` for an hreflang alternate answered 2xx; null otherwise. */
      reason: string | null;
      /** @description Every page pointing at it, in crawl order. */
      sources: string[];
    };
    FindingTargetListEnvelope: {
      data: components['schemas']['FindingTargetView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    AuditLinkView: {
      from_url: string;
      to_url: string;
      anchor: string;
      followed: boolean;
      /** @description The target's answer; null when unchecked or when its request failed. */
      status_code: number | null;
    };
    AuditLinkListEnvelope: {
      data: components['schemas']['AuditLinkView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    AuditDiffSideView: {
      /** Format: int64 */
      id: number;
      /** @example https://example.com/ */
      url: string;
      /** Format: date-time */
      finished_at: string;
    };
    PageChangeView: {
      /** @example https://example.com/pricing */
      url: string;
      /** @description The field in the `from` audit: a status code, a URL, a title, true/false, the hreflang alternates `[{lang, url}]`; null when absent. For `issue_*`: whether the page failed the check; for `page_added`: null. */
      before:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
      /** @description The field in this audit, as `before`; for `page_removed`: null. */
      after:
        | string
        | number
        | boolean
        | unknown[]
        | {
            [key: string]: unknown;
          }
        | null;
    };
    AuditChangeView: {
      /**
       * @description `issue_appeared` / `issue_fixed`: a page fails a check it did not (a new page's issues included) / no longer fails one it did (a removed page's included), one change per check; `page_added` / `page_removed`; per page in both audits: `status_code`, `redirect_to`, `indexable`, and, when it is an HTML page in both, `noindex`, `title`, `meta_description`, `canonical`, `hreflang`.
       * @enum {string}
       */
      type:
        | 'issue_appeared'
        | 'issue_fixed'
        | 'page_added'
        | 'page_removed'
        | 'status_code'
        | 'redirect_to'
        | 'indexable'
        | 'noindex'
        | 'title'
        | 'meta_description'
        | 'canonical'
        | 'hreflang';
      /**
       * @description The check, for issue_appeared and issue_fixed; else null.
       * @example broken_link
       */
      check_id: string | null;
      /** @description How many pages it touches: each change counted once with all its pages. */
      pages: number;
      /** @description The first `pages_per_change` pages it touches, by URL. */
      items: components['schemas']['PageChangeView'][];
    };
    AuditDiffView: {
      /** @description The audit compared with. */
      from: components['schemas']['AuditDiffSideView'];
      /** @description This audit. */
      to: components['schemas']['AuditDiffSideView'];
      /** @description The most pages each change lists. */
      pages_per_change: number;
      /** @description What to know before trusting the changes: one sentence per crawl setting (`max_pages`, `max_depth`, `include`, `exclude`, `respect_robots`, `sitemaps`) the two audits were made with differently; empty when they were made alike. */
      warnings: string[];
      /** @description Every change, in the order of `type` above, the issue changes by check id; empty when nothing changed. */
      changes: components['schemas']['AuditChangeView'][];
    };
    AuditDiffEnvelope: {
      data: components['schemas']['AuditDiffView'];
    };
    TemplateMetricView: {
      /**
       * @example largest_contentful_paint
       * @enum {string}
       */
      id:
        | 'largest_contentful_paint'
        | 'cumulative_layout_shift'
        | 'total_blocking_time'
        | 'first_contentful_paint'
        | 'speed_index';
      /**
       * @description The median measured page's median (the lower middle one of an even count): a value one of its pages had.
       * @example 2100
       */
      value: number;
      /** @enum {string} */
      unit: 'ms' | 'unitless';
      /**
       * @description That page's band.
       * @enum {string}
       */
      band: 'good' | 'needs_improvement' | 'poor';
      /** @description The measured pages it is over. */
      pages: number;
      /** @description The lowest and highest of the measured pages' medians. */
      spread: components['schemas']['LabSpreadView'];
      /** @description A measured page's runs disagreed more than its median can be trusted for. */
      wide: boolean;
      /** @description Said when `wide`: how far to trust the value. */
      warning: string | null;
    };
    LabFailureView: {
      /**
       * @description browser_missing, blocked, timeout, navigation_failed or failed (the last also for an error of the service, logged).
       * @example timeout
       */
      code: string;
      /** @example The page did not finish loading within 60 s. */
      message: string;
    };
    LabPageView: {
      /** @example https://example.com/blog/first-post */
      url: string;
      /**
       * @description failed: measured without a result; `error` says why. It does not fail the audit.
       * @enum {string}
       */
      state: 'pending' | 'measured' | 'failed';
      performance_score: number | null;
      /** @description How many runs the medians are of. */
      runs: number | null;
      metrics: components['schemas']['LabMetricView'][];
      /** @description Wide spreads, runs that failed and were left out. */
      warnings: string[];
      error: components['schemas']['LabFailureView'] | null;
      /** @description How the page was measured (tool, versions, form factor, throttling). */
      settings: {
        [key: string]: unknown;
      } | null;
    };
    TemplateView: {
      /**
       * @description Its place among the audit's templates, the biggest first.
       * @example 1
       */
      id: number;
      /**
       * @description Its URL pattern (segments that vary: {id}, {date}, {slug}), and "(layout n)" when pages of one pattern have different layouts.
       * @example /blog/{slug}
       */
      name: string;
      /** @example /blog/{slug} */
      pattern: string;
      /**
       * @description Its HTML pages answered 2xx.
       * @example 240
       */
      pages: number;
      /** @description The pages measured for it (1 + ⌊log2(pages)⌋, at most 5), spread over its pages; empty past the 50 biggest templates. */
      representatives: string[];
      /** @description Empty until (or unless) a representative is measured. */
      metrics: components['schemas']['TemplateMetricView'][];
      lab_pages: components['schemas']['LabPageView'][];
      /** @example 3 of its 240 pages were measured; the other 237 are not: they inherit this template's verdict. */
      verdict: string;
    };
    TemplateListEnvelope: {
      data: components['schemas']['TemplateView'][];
    };
    WebhookWithSecretView: {
      /**
       * Format: int64
       * @description The {id} of its path.
       * @example 7
       */
      id: number;
      /** @example https://hooks.example.com/report-service */
      url: string;
      events: (
        | 'report.completed'
        | 'report.failed'
        | 'report.score_changed'
        | 'site_audit.completed'
        | 'site_audit.failed'
        | 'site_audit.changed'
      )[];
      /** @description False once every attempt to it has failed for WEBHOOK_DISABLE_AFTER_MS (3 days by default): it then gets no delivery, and its pending ones failed, until POST /webhooks/{id}/enable. */
      enabled: boolean;
      /**
       * Format: date-time
       * @description When it was disabled; null while it is enabled.
       */
      disabled_at: string | null;
      /**
       * @description Why it was disabled (since when every attempt failed, and the last failure); null while it is enabled.
       * @example null
       */
      disabled_reason: string | null;
      /**
       * Format: date-time
       * @description Since when every attempt to it has failed; null when the last attempt succeeded (or none failed).
       */
      failing_since: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /**
       * @description The signing secret (Standard Webhooks: `whsec_` and the base64 of 24 random bytes). Shown in this answer only; rotate it to get a new one.
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    WebhookWithSecretEnvelope: {
      data: components['schemas']['WebhookWithSecretView'];
    };
    WebhookView: {
      /**
       * Format: int64
       * @description The {id} of its path.
       * @example 7
       */
      id: number;
      /** @example https://hooks.example.com/report-service */
      url: string;
      events: (
        | 'report.completed'
        | 'report.failed'
        | 'report.score_changed'
        | 'site_audit.completed'
        | 'site_audit.failed'
        | 'site_audit.changed'
      )[];
      /** @description False once every attempt to it has failed for WEBHOOK_DISABLE_AFTER_MS (3 days by default): it then gets no delivery, and its pending ones failed, until POST /webhooks/{id}/enable. */
      enabled: boolean;
      /**
       * Format: date-time
       * @description When it was disabled; null while it is enabled.
       */
      disabled_at: string | null;
      /**
       * @description Why it was disabled (since when every attempt failed, and the last failure); null while it is enabled.
       * @example null
       */
      disabled_reason: string | null;
      /**
       * Format: date-time
       * @description Since when every attempt to it has failed; null when the last attempt succeeded (or none failed).
       */
      failing_since: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    WebhookListEnvelope: {
      data: components['schemas']['WebhookView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    WebhookEnvelope: {
      data: components['schemas']['WebhookView'];
    };
    WebhookAttemptView: {
      /** @description 1 for the first. */
      attempt: number;
      /** Format: date-time */
      attempted_at: string;
      /**
       * @description The receiver's status; null when no answer came (refused address, timeout, connection error).
       * @example 200
       */
      status_code: number | null;
      /**
       * @description Why the attempt failed; null when it succeeded.
       * @example the receiver answered 500
       */
      error: string | null;
      duration_ms: number;
      /** @description The first 1024 bytes of the answer's body, as text. */
      response_body: string | null;
    };
    WebhookDeliveryView: {
      /**
       * @description The webhook-id header of every attempt.
       * @example msg_2Hq9xB0c3kQmZf1aT7yV4w
       */
      id: string;
      /** @enum {string} */
      event:
        | 'report.completed'
        | 'report.failed'
        | 'report.score_changed'
        | 'site_audit.completed'
        | 'site_audit.failed'
        | 'site_audit.changed';
      /**
       * @description pending: being tried; succeeded: a 2xx answer; failed: every attempt of the schedule failed.
       * @enum {string}
       */
      status: 'pending' | 'succeeded' | 'failed';
      /** Format: date-time */
      created_at: string;
      /**
       * Format: date-time
       * @description When the next attempt is due; null once settled.
       */
      next_attempt_at: string | null;
      /** @description The body sent: type, timestamp and data. */
      payload: {
        [key: string]: unknown;
      };
      attempts: components['schemas']['WebhookAttemptView'][];
    };
    WebhookDeliveryListEnvelope: {
      data: components['schemas']['WebhookDeliveryView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
    };
    ResolvedBrandingView: {
      /**
       * @description The stored name, else the account's own name.
       * @example Acme SEO
       */
      name: string;
      /** @description The logo as a base64 `data:` URI whose type is the one its bytes proved (`image/png` or `image/svg+xml`; an SVG as it was cleaned). Null: no logo. */
      logo: string | null;
      /**
       * @description The stored accent colour, else a neutral grey (`#4b5563`).
       * @example #0a7
       */
      accent_color: string;
      /** @example null */
      contact: string | null;
      /** @example null */
      footer: string | null;
      /** @description Whether the product's own name appears anywhere. */
      show_product_name: boolean;
    };
    BrandingView: {
      /**
       * @description The agency's name; null: the account's name is printed.
       * @example Acme SEO
       */
      name: string | null;
      /** @description The logo as a base64 `data:` URI whose type is the one its bytes proved (`image/png` or `image/svg+xml`; an SVG as it was cleaned). Null: none. */
      logo: string | null;
      /**
       * @description `#rgb` or `#rrggbb`, lowercased; null: the neutral default.
       * @example #0a7
       */
      accent_color: string | null;
      /** @example null */
      contact: string | null;
      /** @example null */
      footer: string | null;
      /** @default false */
      show_product_name: boolean;
      /**
       * Format: date-time
       * @description When the branding was last set; null when the account has none (every field then takes its default).
       */
      updated_at: string | null;
      /** @description What the PDFs and share pages print, the defaults applied. */
      resolved: components['schemas']['ResolvedBrandingView'];
    };
    BrandingEnvelope: {
      data: components['schemas']['BrandingView'];
    };
    ProblemDocumentView: {
      /** @example about:blank */
      type: string;
      /** @example Unprocessable Content */
      title: string;
      /** @example 422 */
      status: number;
      /** @example The request has invalid fields. */
      detail: string;
      /**
       * @description Each invalid field or parameter with every message about it (422).
       * @example {
       *       "url": [
       *         "url must be an absolute http or https URL"
       *       ]
       *     }
       */
      errors?: {
        [key: string]: string[];
      };
      /**
       * @description The request's X-Request-Id, on 5xx answers only: quote it when reporting the failure.
       * @example 3f2c9a1e-8a0b-4c5e-9a53-0d1c2b3a4f5e
       */
      request_id?: string;
      /** @description On a 409 of a cap: the setting the account has reached, and its value. */
      limit?: {
        /** @example WEBHOOKS_PER_ACCOUNT */
        name?: string;
        /** @example 16 */
        value?: number;
      };
    };
  };
  responses: {
    /** @description The request headers, its URL included, are over 16 KiB in all. */
    HeadersTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['ProblemDocumentView'];
      };
    };
  };
  parameters: never;
  requestBodies: {
    CreateReportDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description The page to analyse: an absolute http or https URL, at most 2048 characters, without user-info.
           * @example https://example.com/pricing
           */
          url: string;
          /**
           * @description 0 public, 1 private, 2 password-protected.
           * @default 1
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description Required with privacy 2 and refused with any other privacy. Write-only: never returned.
           * @example hunter22
           */
          password?: string;
          /**
           * @description Analyse the page again by itself every day or every week, from now on (`next_run_at` tells when); `off` (or null) never.
           * @default off
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
          /**
           * @description Judge the page as a browser renders it, once its scripts have run (headless Chromium, every request under the address policy), as search engines do before they index it: the page checks read the rendered DOM, status and headers the raw answer, and the rendered-against-raw checks compare the two. Slower (about a second a page more). 503 when the service has no Chromium.
           * @default false
           */
          render?: boolean;
          /**
           * @description Also measure the page in a lab browser (Lighthouse, performance only, its default mobile emulation and simulated throttling; every request under the address policy): Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint and Speed Index, each the median of 3 runs with its band and spread, in the results' `lab` section; the performance score counts in the performance category (docs/lab.md). Slower: about 25 s more a report, one measurement at a time per machine. 503 when the service has no Chromium.
           * @default false
           */
          lab?: boolean;
        };
        'application/json': {
          /**
           * @description The page to analyse: an absolute http or https URL, at most 2048 characters, without user-info.
           * @example https://example.com/pricing
           */
          url: string;
          /**
           * @description 0 public, 1 private, 2 password-protected.
           * @default 1
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description Required with privacy 2 and refused with any other privacy. Write-only: never returned.
           * @example hunter22
           */
          password?: string;
          /**
           * @description Analyse the page again by itself every day or every week, from now on (`next_run_at` tells when); `off` (or null) never.
           * @default off
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
          /**
           * @description Judge the page as a browser renders it, once its scripts have run (headless Chromium, every request under the address policy), as search engines do before they index it: the page checks read the rendered DOM, status and headers the raw answer, and the rendered-against-raw checks compare the two. Slower (about a second a page more). 503 when the service has no Chromium.
           * @default false
           */
          render?: boolean;
          /**
           * @description Also measure the page in a lab browser (Lighthouse, performance only, its default mobile emulation and simulated throttling; every request under the address policy): Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint and Speed Index, each the median of 3 runs with its band and spread, in the results' `lab` section; the performance score counts in the performance category (docs/lab.md). Slower: about 25 s more a report, one measurement at a time per machine. 503 when the service has no Chromium.
           * @default false
           */
          lab?: boolean;
        };
      };
    };
    UpdateReportDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description 0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the report already has one; leaving 2 drops the stored password. Any real change signs out readers who gave the password before.
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description A new password. Accepted on a report that has (or is switched to) privacy 2. Write-only.
           * @example hunter22
           */
          password?: string;
          /**
           * @description 1 gives the report a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          rotate_share_token?: 0 | 1;
          /**
           * @description daily or weekly: analyse the page again by itself that often, the first time one period from now (re-sending the schedule a report has keeps its next run); `off` (or null) stops it.
           * @example off
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
          /**
           * @description 1 re-runs the analysis of the report's URL (the answer waits for it unless "Prefer: respond-async"); 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          results?: 0 | 1;
        };
        'application/json': {
          /**
           * @description 0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the report already has one; leaving 2 drops the stored password. Any real change signs out readers who gave the password before.
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description A new password. Accepted on a report that has (or is switched to) privacy 2. Write-only.
           * @example hunter22
           */
          password?: string;
          /**
           * @description 1 gives the report a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          rotate_share_token?: 0 | 1;
          /**
           * @description daily or weekly: analyse the page again by itself that often, the first time one period from now (re-sending the schedule a report has keeps its next run); `off` (or null) stops it.
           * @example off
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
          /**
           * @description 1 re-runs the analysis of the report's URL (the answer waits for it unless "Prefer: respond-async"); 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          results?: 0 | 1;
        };
      };
    };
    CreateReportsBatchDto: {
      content: {
        'application/json': {
          /** @description 1 to 100 reports, each exactly as the body of POST /api/v1/reports. One refused item refuses the batch: the 422 names each refused field by its index (`reports.3.url`), and nothing is created. */
          reports: components['schemas']['CreateReportDto'][];
        };
      };
    };
    UnlockSharedPageDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /** @example hunter22 */
          password?: string;
        };
        'application/json': {
          /** @example hunter22 */
          password?: string;
        };
      };
    };
    CreateSiteAuditDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description Where the crawl starts: an absolute http or https URL, at most 2048 characters, without user-info. The site is the origin it ends on after its redirects.
           * @example https://example.com/
           */
          url: string;
          /**
           * @description Pages the crawl requests at most, in breadth-first order; at most SITE_AUDIT_MAX_PAGES (10000 by default). Reaching it stops the audit with stop_reason max_pages.
           * @default 500
           */
          max_pages?: number;
          /**
           * @description Links from a page this many clicks from the start page are not followed (0: the start page alone, and what sitemaps list).
           * @default 10
           */
          max_depth?: number;
          /**
           * @description Only URLs whose path starts with one of these prefixes are in scope (the start URL always is). In a form: the field repeated, or one comma-separated value.
           * @example [
           *       "/blog/"
           *     ]
           */
          include?: string[];
          /**
           * @description URLs whose path starts with one of these prefixes are out of scope (never requested; links to them are recorded).
           * @example [
           *       "/cart/"
           *     ]
           */
          exclude?: string[];
          /**
           * @description Obey the site's robots.txt for the service's user agent: disallowed URLs are pages marked blocked_by_robots and never requested; a Crawl-delay (at most 10 s) spaces the requests.
           * @default true
           */
          respect_robots?: boolean;
          /**
           * @description Read /sitemap.xml and the sitemaps robots.txt names (indexes followed; at most 50 sitemaps and 50000 URLs): their in-scope URLs are crawled after the links, and judged by the sitemap checks.
           * @default true
           */
          sitemaps?: boolean;
          /**
           * @description Render each HTML page in headless Chromium (every request under the address policy), as search engines do before they index it: the page checks judge the rendered DOM, the rendered-against-raw checks compare it with the raw HTML, and the crawl follows the links of the rendered DOM. Slower: each HTML page is fetched, then rendered (docs/rendering.md has the figures). `"auto"`: render the start page and the first pages of each template; a template whose samples rendering changed (text past a tenth, links, title, description, h1, canonical, robots directives) has every page rendered, the others are judged raw; each page says why (`render.choice`). 503 when the service has no Chromium.
           * @default false
           */
          render?: boolean | 'auto';
          /**
           * @description After the crawl is judged, a lab phase: the site's HTML pages grouped into templates (URL pattern and layout), and a few representative pages of each (1 + ⌊log2(pages)⌋, at most 5; the 50 biggest templates) measured in a lab browser, lab_runs runs each, one page at a time: Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint, Speed Index. GET /site-audits/{id}/templates shows them. A page that cannot be measured is recorded with why and does not fail the audit. 503 when the service cannot measure.
           * @default false
           */
          lab?: boolean;
          /**
           * @description Runs per measured page with lab: true (422 without it); each metric is their median (Lighthouse: the median of 5 is about twice as stable as one run). A warm-up load before them is not counted.
           * @default 3
           */
          lab_runs?: number;
          /**
           * @description 0 public, 1 private, 2 password-protected.
           * @default 1
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description Required with privacy 2 and refused with any other privacy. Write-only: never returned.
           * @example hunter22
           */
          password?: string;
          /**
           * @description Audit the site again by itself every day or every week, from now on (`next_run_at` tells when): each run is a new audit of the same URL, settings and privacy, whose `scheduled_from` names this one. `off` (or null) never. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.
           * @default off
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
        };
        'application/json': {
          /**
           * @description Where the crawl starts: an absolute http or https URL, at most 2048 characters, without user-info. The site is the origin it ends on after its redirects.
           * @example https://example.com/
           */
          url: string;
          /**
           * @description Pages the crawl requests at most, in breadth-first order; at most SITE_AUDIT_MAX_PAGES (10000 by default). Reaching it stops the audit with stop_reason max_pages.
           * @default 500
           */
          max_pages?: number;
          /**
           * @description Links from a page this many clicks from the start page are not followed (0: the start page alone, and what sitemaps list).
           * @default 10
           */
          max_depth?: number;
          /**
           * @description Only URLs whose path starts with one of these prefixes are in scope (the start URL always is). In a form: the field repeated, or one comma-separated value.
           * @example [
           *       "/blog/"
           *     ]
           */
          include?: string[];
          /**
           * @description URLs whose path starts with one of these prefixes are out of scope (never requested; links to them are recorded).
           * @example [
           *       "/cart/"
           *     ]
           */
          exclude?: string[];
          /**
           * @description Obey the site's robots.txt for the service's user agent: disallowed URLs are pages marked blocked_by_robots and never requested; a Crawl-delay (at most 10 s) spaces the requests.
           * @default true
           */
          respect_robots?: boolean;
          /**
           * @description Read /sitemap.xml and the sitemaps robots.txt names (indexes followed; at most 50 sitemaps and 50000 URLs): their in-scope URLs are crawled after the links, and judged by the sitemap checks.
           * @default true
           */
          sitemaps?: boolean;
          /**
           * @description Render each HTML page in headless Chromium (every request under the address policy), as search engines do before they index it: the page checks judge the rendered DOM, the rendered-against-raw checks compare it with the raw HTML, and the crawl follows the links of the rendered DOM. Slower: each HTML page is fetched, then rendered (docs/rendering.md has the figures). `"auto"`: render the start page and the first pages of each template; a template whose samples rendering changed (text past a tenth, links, title, description, h1, canonical, robots directives) has every page rendered, the others are judged raw; each page says why (`render.choice`). 503 when the service has no Chromium.
           * @default false
           */
          render?: boolean | 'auto';
          /**
           * @description After the crawl is judged, a lab phase: the site's HTML pages grouped into templates (URL pattern and layout), and a few representative pages of each (1 + ⌊log2(pages)⌋, at most 5; the 50 biggest templates) measured in a lab browser, lab_runs runs each, one page at a time: Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, First Contentful Paint, Speed Index. GET /site-audits/{id}/templates shows them. A page that cannot be measured is recorded with why and does not fail the audit. 503 when the service cannot measure.
           * @default false
           */
          lab?: boolean;
          /**
           * @description Runs per measured page with lab: true (422 without it); each metric is their median (Lighthouse: the median of 5 is about twice as stable as one run). A warm-up load before them is not counted.
           * @default 3
           */
          lab_runs?: number;
          /**
           * @description 0 public, 1 private, 2 password-protected.
           * @default 1
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description Required with privacy 2 and refused with any other privacy. Write-only: never returned.
           * @example hunter22
           */
          password?: string;
          /**
           * @description Audit the site again by itself every day or every week, from now on (`next_run_at` tells when): each run is a new audit of the same URL, settings and privacy, whose `scheduled_from` names this one. `off` (or null) never. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.
           * @default off
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
        };
      };
    };
    UpdateSiteAuditDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description 0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the audit already has one; leaving 2 drops the stored password. Any real change signs out readers who gave the password before.
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description A new password. Accepted on an audit that has (or is switched to) privacy 2. Write-only.
           * @example hunter22
           */
          password?: string;
          /**
           * @description 1 gives the audit a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          rotate_share_token?: 0 | 1;
          /**
           * @description daily or weekly: audit the site again by itself that often (a new audit of the same URL, settings and privacy each time), the first one period from now; re-sending the schedule the audit has keeps its next run. `off` (or null) stops it. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.
           * @example weekly
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
        };
        'application/json': {
          /**
           * @description 0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the audit already has one; leaving 2 drops the stored password. Any real change signs out readers who gave the password before.
           * @example 2
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /**
           * @description A new password. Accepted on an audit that has (or is switched to) privacy 2. Write-only.
           * @example hunter22
           */
          password?: string;
          /**
           * @description 1 gives the audit a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          rotate_share_token?: 0 | 1;
          /**
           * @description daily or weekly: audit the site again by itself that often (a new audit of the same URL, settings and privacy each time), the first one period from now; re-sending the schedule the audit has keeps its next run. `off` (or null) stops it. An account has at most SCHEDULES_PER_ACCOUNT scheduled audits.
           * @example weekly
           * @enum {string|null}
           */
          schedule?: 'daily' | 'weekly' | 'off' | null;
        };
      };
    };
    CreateWebhookDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description Where deliveries are POSTed: an absolute http or https URL, at most 2048 characters, without user-info, whose host resolves to an address the address policy allows (as for analyses). Checked again at every delivery.
           * @example https://hooks.example.com/report-service
           */
          url: string;
          /**
           * @description The events to deliver, at least one. In a form: the field repeated, or one comma-separated value.
           * @example [
           *       "report.completed",
           *       "report.score_changed"
           *     ]
           */
          events: (
            | 'report.completed'
            | 'report.failed'
            | 'report.score_changed'
            | 'site_audit.completed'
            | 'site_audit.failed'
            | 'site_audit.changed'
          )[];
        };
        'application/json': {
          /**
           * @description Where deliveries are POSTed: an absolute http or https URL, at most 2048 characters, without user-info, whose host resolves to an address the address policy allows (as for analyses). Checked again at every delivery.
           * @example https://hooks.example.com/report-service
           */
          url: string;
          /**
           * @description The events to deliver, at least one. In a form: the field repeated, or one comma-separated value.
           * @example [
           *       "report.completed",
           *       "report.score_changed"
           *     ]
           */
          events: (
            | 'report.completed'
            | 'report.failed'
            | 'report.score_changed'
            | 'site_audit.completed'
            | 'site_audit.failed'
            | 'site_audit.changed'
          )[];
        };
      };
    };
    PutBrandingDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description The agency's name as its clients read it, in place of the account's name. At most 100 characters.
           * @example Acme SEO
           */
          name?: string;
          /**
           * @description The logo as a base64 `data:` URI: `data:image/png;base64,…` or `data:image/svg+xml;base64,…`, at most 256 KiB once decoded. Its type is decided by its bytes, not by the type the URI declares: a whole PNG (signature, IHDR of 1 to 10000 pixels a side, every chunk's CRC, IEND), or an SVG, which is rebuilt from an allow-list of drawing elements and attributes (no script, foreignObject, event handler, style loading url() or @import, nor reference but #fragments and embedded PNGs). Anything else (JPEG, GIF, text) is refused. The body of this route may be up to 384 KiB.
           * @example data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=
           */
          logo?: string;
          /**
           * @description The colour of headings, bars and links on the PDFs and share pages: a CSS hex colour, `#rgb` or `#rrggbb` (stored lowercased). Without it, a neutral grey.
           * @example #0a7
           */
          accent_color?: string;
          /**
           * @description A contact line (address, telephone, e-mail). At most 200 characters.
           * @example hello@acme-seo.example · +44 20 7946 0000
           */
          contact?: string;
          /**
           * @description The footer of every page. At most 500 characters.
           * @example Prepared for you by Acme SEO.
           */
          footer?: string;
          /**
           * @description Whether the product's own name may appear on the PDFs and share pages. False (the default): it appears nowhere.
           * @default false
           */
          show_product_name?: boolean;
        };
        'application/json': {
          /**
           * @description The agency's name as its clients read it, in place of the account's name. At most 100 characters.
           * @example Acme SEO
           */
          name?: string;
          /**
           * @description The logo as a base64 `data:` URI: `data:image/png;base64,…` or `data:image/svg+xml;base64,…`, at most 256 KiB once decoded. Its type is decided by its bytes, not by the type the URI declares: a whole PNG (signature, IHDR of 1 to 10000 pixels a side, every chunk's CRC, IEND), or an SVG, which is rebuilt from an allow-list of drawing elements and attributes (no script, foreignObject, event handler, style loading url() or @import, nor reference but #fragments and embedded PNGs). Anything else (JPEG, GIF, text) is refused. The body of this route may be up to 384 KiB.
           * @example data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxIDEiLz4=
           */
          logo?: string;
          /**
           * @description The colour of headings, bars and links on the PDFs and share pages: a CSS hex colour, `#rgb` or `#rrggbb` (stored lowercased). Without it, a neutral grey.
           * @example #0a7
           */
          accent_color?: string;
          /**
           * @description A contact line (address, telephone, e-mail). At most 200 characters.
           * @example hello@acme-seo.example · +44 20 7946 0000
           */
          contact?: string;
          /**
           * @description The footer of every page. At most 500 characters.
           * @example Prepared for you by Acme SEO.
           */
          footer?: string;
          /**
           * @description Whether the product's own name may appear on the PDFs and share pages. False (the default): it appears nowhere.
           * @default false
           */
          show_product_name?: boolean;
        };
      };
    };
  };
  headers: {
    /** @description Requests allowed in 60 s by the limit these headers describe: the general one (RATE_LIMIT_PER_MINUTE), or, on a create or an update with results=1, the analyses one (ANALYSIS_RATE_LIMIT_PER_MINUTE) when it has fewer requests left. */
    'RateLimit-Limit': number;
    /** @description Requests left under that limit. */
    'RateLimit-Remaining': number;
    /** @description Seconds until that limit’s window resets; on a 429, until a request may be retried (as Retry-After). */
    'RateLimit-Reset': number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listReports: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
        /** @description Case-insensitive substring of the field named by search_by; %, _ and \ are literal. At least 3 characters (a shorter term answers 422): every term is then served by the trigram index of the account, where a 1 or 2 character term would read every report of the account. */
        search?: string;
        search_by?: 'url';
        /** @description Exact, case-insensitive match on the report's project (its host without a leading www.). */
        project?: string;
        result?: 'good' | 'decent' | 'bad';
        /** @description id: date created; generated_at: date generated; url; result: good > decent > bad. Ties by id in the same direction; reports without a value come last. */
        sort_by?: 'id' | 'generated_at' | 'url' | 'result';
        sort?: 'desc' | 'asc';
        /** @description Where to read from instead of page: the opaque meta.next_cursor or meta.prev_cursor (links.next and links.prev carry it) of a list with the same sort_by. Read through the index of the sort, it costs the same at any depth. A cursor not made for this sort_by answers 422. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  createReport: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1 to 255 printable ASCII characters, unique per request (a UUID). The first answer to a request with this key is kept 24 hours, per account: the same key with the same body (and method and path) answers it again, with Idempotent-Replayed: true, creating nothing; with a different body, 422; while the first request still runs, 409. A refused request (any error answer) keeps nothing, so its key may be used again. */
        'Idempotency-Key'?: string;
        /** @description "respond-async" answers 202 at once with the queued report; otherwise the answer waits for the analysis (at most the analysis deadline). It is the one preference the service honours; others are ignored. */
        Prefer?: 'respond-async';
      };
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['CreateReportDto'];
    responses: {
      /** @description Analysed. */
      201: {
        headers: {
          /** @description The absolute URL of the report. */
          Location?: string;
          /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key; nothing was created again. */
          'Idempotent-Replayed'?: 'true';
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportEnvelope'];
        };
      };
      /** @description With "Prefer: respond-async", or when the queue is long or unreachable: queued or running; poll the Location. */
      202: {
        headers: {
          /** @description The absolute URL of the report. */
          Location?: string;
          /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key; nothing was created again. */
          'Idempotent-Replayed'?: 'true';
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /**
       * @description The account already has as many scheduled reports as SCHEDULES_PER_ACCOUNT allows (`limit` names it); nothing was changed.
       *
       *     A request with this Idempotency-Key is still in progress; retry after Retry-After to get its answer.
       */
      409: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests, or too many analyses asked for, with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  updateReport: {
    parameters: {
      query?: never;
      header?: {
        /** @description "respond-async" answers 202 at once with the queued report; otherwise the answer waits for the analysis (at most the analysis deadline). It is the one preference the service honours; others are ignored. */
        Prefer?: 'respond-async';
      };
      path: {
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: components['requestBodies']['UpdateReportDto'];
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportEnvelope'];
        };
      };
      /** @description With results=1 and "Prefer: respond-async", or when the queue is long or unreachable: re-run queued or running; poll the Location. */
      202: {
        headers: {
          /** @description The absolute URL of the report. */
          Location?: string;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The account already has as many scheduled reports as SCHEDULES_PER_ACCOUNT allows (`limit` names it); nothing was changed. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests, or too many analyses asked for, with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  deleteReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  createReportsBatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1 to 255 printable ASCII characters, unique per request (a UUID). The first answer to a request with this key is kept 24 hours, per account: the same key with the same body (and method and path) answers it again, with Idempotent-Replayed: true, creating nothing; with a different body, 422; while the first request still runs, 409. A refused request (any error answer) keeps nothing, so its key may be used again. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['CreateReportsBatchDto'];
    responses: {
      /** @description Every report created, queued. */
      202: {
        headers: {
          /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key; nothing was created again. */
          'Idempotent-Replayed'?: 'true';
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportBatchEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /**
       * @description The account already has as many scheduled reports as SCHEDULES_PER_ACCOUNT allows (`limit` names it); nothing was changed.
       *
       *     A request with this Idempotency-Key is still in progress; retry after Retry-After to get its answer.
       */
      409: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests, or too many analyses asked for, with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listReportRuns: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
      };
      header?: never;
      path: {
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getReportRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The run's `run` number: create is run 1, each re-run adds one. A positive integer written without leading zeros; anything else, or a run not kept, answers 404. */
        run: number;
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account, or no such run kept (an id or run that is not a positive integer answers the same). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getReportDiff: {
    parameters: {
      query?: {
        /** @description The earlier run (its `run` number). Default: the completed run before `to`. */
        from?: number;
        /** @description The later run (its `run` number). Default: the latest completed run. */
        to?: number;
      };
      header?: never;
      path: {
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunDiffEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account, or `from` or `to` names a run that is not kept. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description `from` or `to` was left out and the report has no two completed runs to compare. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description `from` or `to` is not a run number, or names a failed run (no results to compare); `errors` names it. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getSharedReportPage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The report's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report (score, rating, score history chart, categories, every check, page facts), or the password form. */
      200: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description No public or password report with this share token (a private report, or a token rotated away, answers the same). */
      404: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many wrong passwords for this report; see Retry-After. */
      429: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status. */
      default: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  unlockSharedReportPage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The report's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody: components['requestBodies']['UnlockSharedPageDto'];
    responses: {
      /** @description The password is right: go to the page. The body is a one-line note of where to go, in the type the request accepts. */
      303: {
        headers: {
          /** @description The shared page, /r/{token}. */
          Location?: string;
          /** @description For a password report: `shared_report`, HMAC-signed, HttpOnly, SameSite=Lax, Path=/r/{token}, valid 12 hours. */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
          'text/html': string;
        };
      };
      /** @description A wrong or empty password: the form again, with a message. */
      401: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description No public or password report with this share token (a private report, or a token rotated away, answers the same). */
      404: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many wrong passwords for this report; see Retry-After. */
      429: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status. */
      default: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  getSharedReport: {
    parameters: {
      query?: never;
      header?: {
        /** @description The password of a password-protected report. */
        'X-Report-Password'?: string;
      };
      path: {
        /** @description The report's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SharedReportEnvelope'];
        };
      };
      /** @description A password report and no password, or a wrong one, in X-Report-Password. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No public or password report with this share token (a private report, or a token rotated away, answers the same). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many wrong passwords for this report; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAudits: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
        status?: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
        /** @description Exact, case-insensitive: the audited site's host, without a leading www. */
        project?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteAuditListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  createSiteAudit: {
    parameters: {
      query?: never;
      header?: {
        /** @description 1 to 255 printable ASCII characters, unique per request (a UUID). The first answer to a request with this key is kept 24 hours, per account: the same key with the same body (and method and path) answers it again, with Idempotent-Replayed: true, creating nothing; with a different body, 422; while the first request still runs, 409. A refused request (any error answer) keeps nothing, so its key may be used again. */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['CreateSiteAuditDto'];
    responses: {
      /** @description Queued. */
      202: {
        headers: {
          /** @description The absolute URL of the audit. */
          Location?: string;
          /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key; nothing was created again. */
          'Idempotent-Replayed'?: 'true';
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteAuditEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A request with this Idempotency-Key is still in progress; retry after Retry-After to get its answer. */
      409: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests, or too many analyses asked for, with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getSiteAudit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteAuditEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  updateSiteAudit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody: components['requestBodies']['UpdateSiteAuditDto'];
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteAuditEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The account already has as many scheduled site audits as SCHEDULES_PER_ACCOUNT allows (`limit` names it); nothing was changed. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  deleteSiteAudit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  cancelSiteAudit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SiteAuditEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has already stopped (completed, failed or cancelled). */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAuditPages: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100 | 500 | 1000;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
        /** @description A page or site check id the page fails (`broken_link`, `title`, …); an id that names no check answers 422, naming the nearest and every check id. */
        issue?: string;
        status_code?: number;
        indexable?: boolean;
        depth?: number;
        /** @description Case-insensitive substring of the url; `%`, `_` and `\` are literal. */
        search?: string;
        sort_by?: 'id' | 'url' | 'depth' | 'inlinks' | 'score';
        sort?: 'asc' | 'desc';
      };
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditPageListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getSiteAuditPage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The page's `id` in its audit (its place in crawl order), as `/pages` lists it. */
        page_id: number;
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditPageEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account, or no such page in it. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAuditIssues: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditIssueListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has not stopped yet (or its site checks are being judged): ask again then. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAuditIssuePages: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100 | 500 | 1000;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
        /** @description Where a check is both a template finding and a page finding (GET /issues lists both): `template`, the pages of its templates; `page`, the others. Without it, every page the check affects. For a check with no template finding, `template` answers none and `page` every one. */
        scope?: 'template' | 'page';
      };
      header?: never;
      path: {
        /** @description A page or site check id, as docs/checks.md names it. */
        check_id: string;
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AffectedPageListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account, or no such check. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has not stopped yet (or its site checks are being judged): ask again then. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAuditIssueTargets: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100 | 500 | 1000;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
      };
      header?: never;
      path: {
        /** @description A page or site check id, as docs/checks.md names it. */
        check_id: string;
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FindingTargetListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account, or no such check. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has not stopped yet (or its site checks are being judged): ask again then. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The check names no targets (the detail lists those that do), or a query parameter failed validation (`errors` names every one). */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAuditLinks: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100 | 500 | 1000;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
        /** @description The linking page: its page id, or a case-insensitive substring of its url. */
        from?: string;
        /** @description The target: its page id, or a case-insensitive substring of its url. */
        to?: string;
        /** @description The target's answer: broken (4xx, 5xx, or the fetch failed), redirect (3xx), ok (2xx), unchecked (not requested nor probed). */
        status?: 'broken' | 'redirect' | 'ok' | 'unchecked';
      };
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditLinkListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getSharedSiteAuditPage: {
    parameters: {
      query?: {
        /** @description The page of the list, from 1 (anything else shows the first; past the end, the last). */
        page?: number;
      };
      header?: never;
      path: {
        /** @description The site audit's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The audit, or the password form. */
      200: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description No public or password site audit with this share token (a private site audit, or a token rotated away, answers the same); or no such page or issue in it. */
      404: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many wrong passwords for this site audit; see Retry-After. */
      429: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status. */
      default: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  unlockSharedSiteAuditPage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody: components['requestBodies']['UnlockSharedPageDto'];
    responses: {
      /** @description The password is right: go to the page. The body is a one-line note of where to go, in the type the request accepts. */
      303: {
        headers: {
          /** @description The shared page, /s/{token}. */
          Location?: string;
          /** @description For a password site audit: `shared_audit`, HMAC-signed, HttpOnly, SameSite=Lax, Path=/s/{token}, valid 12 hours. */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
          'text/html': string;
        };
      };
      /** @description A wrong or empty password: the form again, with a message. */
      401: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description No public or password site audit with this share token (a private site audit, or a token rotated away, answers the same). */
      404: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many wrong passwords for this site audit; see Retry-After. */
      429: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status. */
      default: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  getSharedSiteAuditIssuePage: {
    parameters: {
      query?: {
        /** @description Of a check that is both a template finding and a page finding: `template` or `page`, which one (anything else shows the first). */
        scope?: 'template' | 'page';
        /** @description The page of the list, from 1 (anything else shows the first; past the end, the last). */
        page?: number;
      };
      header?: never;
      path: {
        /** @description A page or site check id, as docs/checks.md names it. */
        check_id: string;
        /** @description The site audit's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pages, or the password form. */
      200: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description No public or password site audit with this share token (a private site audit, or a token rotated away, answers the same); or no such page or issue in it. */
      404: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many wrong passwords for this site audit; see Retry-After. */
      429: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status. */
      default: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  getSharedSiteAuditPageChecks: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The page's `id` in its audit (its place in crawl order), as `/pages` lists it. */
        page_id: number;
        /** @description The site audit's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page, or the password form. */
      200: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description No public or password site audit with this share token (a private site audit, or a token rotated away, answers the same); or no such page or issue in it. */
      404: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many wrong passwords for this site audit; see Retry-After. */
      429: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Any other failure (a body over 16 KiB, of another type or that does not parse; a failure of the server): a page with that status. */
      default: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  exportSiteAuditIssues: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment (`site-audit-{id}-issues.csv`). */
      200: {
        headers: {
          /** @description `attachment; filename="site-audit-{id}-issues.csv"`, the audit's id in place of {id}. */
          'Content-Disposition'?: string;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has not stopped yet (or its site checks are being judged): ask again then. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  exportSiteAuditPages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment (`site-audit-{id}-pages.csv`). */
      200: {
        headers: {
          /** @description `attachment; filename="site-audit-{id}-pages.csv"`, the audit's id in place of {id}. */
          'Content-Disposition'?: string;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  diffSiteAudits: {
    parameters: {
      query?: {
        /** @description The audit to compare with: a completed audit of this account with the same start URL. By default, the latest completed one of that URL created before this one. */
        from?: number;
        /** @description The most pages each change lists (by URL); its `pages` counts them all. For every page of an issue, read `/issues/{check_id}` of either audit. */
        pages_per_change?: number;
      };
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditDiffEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account (this one or `from`), or no earlier completed audit of its start URL to compare with. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description This audit or `from` has not completed (queued, running, failed or cancelled). */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description `from` is not an audit id, is this audit, or audits another start URL; or `pages_per_change` is out of range. `errors` names each. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listSiteAuditTemplates: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  exportSiteAudit: {
    parameters: {
      query?: {
        /** @description The gate preset the `junit`, `sarif` and `markdown` formats judge the audit by; the other formats ignore it. */
        assert?: 'seo:recommended' | 'seo:strict';
      };
      header?: never;
      path: {
        /** @description `pdf` (application/pdf): The white-label report: cover, summary, findings with their advice, templates, changes, affected pages and method; tagged, with bookmarks, in the account's branding. `html` (text/html; charset=utf-8): The white-label document the PDF prints, as one self-contained HTML file (styles inline, no script). `json` (application/json): A site audit, its issues with every affected URL (and targets), and its templates (with lab metrics where measured): what `audit-site --json` prints and `--baseline` reads; a report as GET /reports/{id} answers it. `csv` (text/csv; charset=utf-8): The findings, one row each, the most important first (every affected page of every check is in `issues.csv`). `markdown` (text/markdown; charset=utf-8): The SEO gate's verdict as Markdown, for a pull request's comment. `junit` (application/xml): The SEO gate's verdict as JUnit XML: a test case per assertion (the `assert` preset's, `seo:recommended` by default). `sarif` (application/sarif+json): The SEO gate's verdict as SARIF 2.1.0: a rule per assertion, a result per failed page. */
        format:
          'pdf' | 'html' | 'json' | 'csv' | 'markdown' | 'junit' | 'sarif';
        /** @description The site audit's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'text/html': string;
          'application/json': Record<string, never>;
          'text/csv': string;
          'text/markdown': string;
          'application/xml': string;
          'application/sarif+json': Record<string, never>;
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such site audit in this account, or no such format. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has not stopped yet (or its site checks are being judged): ask again then. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description `assert` is not a preset. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description A printed format (the PDF) where this service has no Chromium, or its sandbox cannot start: the detail says what to install or set. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  exportReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description `pdf` (application/pdf): The white-label report: cover, summary, findings with their advice, templates, changes, affected pages and method; tagged, with bookmarks, in the account's branding. `html` (text/html; charset=utf-8): The white-label document the PDF prints, as one self-contained HTML file (styles inline, no script). `json` (application/json): A site audit, its issues with every affected URL (and targets), and its templates (with lab metrics where measured): what `audit-site --json` prints and `--baseline` reads; a report as GET /reports/{id} answers it. `csv` (text/csv; charset=utf-8): The findings, one row each, the most important first (every affected page of every check is in `issues.csv`). `markdown` (text/markdown; charset=utf-8): The SEO gate's verdict as Markdown, for a pull request's comment. `junit` (application/xml): The SEO gate's verdict as JUnit XML: a test case per assertion (the `assert` preset's, `seo:recommended` by default). `sarif` (application/sarif+json): The SEO gate's verdict as SARIF 2.1.0: a rule per assertion, a result per failed page. */
        format:
          'pdf' | 'html' | 'json' | 'csv' | 'markdown' | 'junit' | 'sarif';
        /** @description The report's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, as an attachment. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
          'text/html': string;
          'application/json': Record<string, never>;
          'text/csv': string;
          'text/markdown': string;
          'application/xml': string;
          'application/sarif+json': Record<string, never>;
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such report in this account, or no such format of a report. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The report has no completed analysis yet: ask again once it has. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description A printed format (the PDF) where this service has no Chromium, or its sandbox cannot start: the detail says what to install or set. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getSharedSiteAuditPdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The site audit's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PDF, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description No public or password site audit with this token (a private one, a rotated token, or a password audit without its cookie answer the same). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The audit has not stopped yet: ask again then. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description This service has no Chromium to print with, or its sandbox cannot start. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getSharedReportPdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The report's share token: 32 characters of base64url, from its share_url. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PDF, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description No public or password report with this token (a private one, a rotated token, or a password report without its cookie answer the same). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The report has no completed analysis yet. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description This service has no Chromium to print with, or its sandbox cannot start. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['CreateWebhookDto'];
    responses: {
      /** @description Created. */
      201: {
        headers: {
          /** @description The absolute URL of the webhook. */
          Location?: string;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookWithSecretEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The account already has as many webhooks as WEBHOOKS_PER_ACCOUNT allows (16 by default); `limit` names it. */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 16 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field or query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such webhook in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such webhook in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  enableWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such webhook in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookWithSecretEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such webhook in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        per_page?: 10 | 25 | 50 | 100;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
      };
      header?: never;
      path: {
        /** @description The webhook's `id`: a positive integer of at most 18 digits, written without leading zeros; anything else answers 404. */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryListEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description No such webhook in this account (or an id that is not a positive integer). */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A query parameter failed validation; `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getBranding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BrandingEnvelope'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  putBranding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components['requestBodies']['PutBrandingDto'];
    responses: {
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BrandingEnvelope'];
        };
      };
      /** @description The body cannot be parsed (malformed JSON). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is over 384 KiB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description The body is neither application/x-www-form-urlencoded nor application/json. */
      415: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description A field failed validation (a name, contact or footer too long, an accent_color that is not #rgb or #rrggbb, a logo that is not a whole PNG or an SVG, or over 256 KiB once decoded); `errors` names every one. */
      422: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  deleteBranding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed (or there was none). */
      204: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Missing, malformed, unknown or revoked API key. */
      401: {
        headers: {
          /** @description The authentication scheme the route expects. */
          'WWW-Authenticate'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      /** @description Too many requests with this API key; see Retry-After. */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description The database, or the store of the rate limits, is unreachable; see Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
  getCheckCatalogue: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The catalogue, as HTML. */
      200: {
        headers: {
          /** @description A strict policy: the page loads nothing from elsewhere and runs no script. */
          'Content-Security-Policy'?: string;
          /** @description `private, no-store` on shared pages; `public, max-age=3600` on the catalogue. */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      431: components['responses']['HeadersTooLarge'];
    };
  };
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The process is up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok';
          };
        };
      };
      431: components['responses']['HeadersTooLarge'];
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every dependency answers. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok';
            info: {
              [key: string]: {
                status: string;
              };
            };
            error: {
              [key: string]: {
                status: string;
              };
            };
            details: {
              [key: string]: {
                status: string;
              };
            };
          };
        };
      };
      431: components['responses']['HeadersTooLarge'];
      /** @description A dependency does not answer, or a repeating job is missing; `detail` names it. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['ProblemDocumentView'];
        };
      };
    };
  };
}

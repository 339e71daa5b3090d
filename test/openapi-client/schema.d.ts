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
     * @description Answers 201 when the analysis ends, completed or failed (a failed analysis is still a created report, with `status: "failed"` and `error`). A URL refused by validation or the address policy answers 422. If the analysis is still waiting for its turn when the analysis deadline has passed, the answer is 202 with the report as it stands.
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
     * The password form of a shared page: opens a password report's page
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
  '/docs/checks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The check catalogue: every check, when it passes, what to do when it fails
     * @description An HTML page with one section per check, anchored by the check's id: a failed check's `doc_url` leads to its section.
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
     * @description Answers 200 when the database, and Redis when REDIS_URL is set, answer within 2 s; 503 naming what does not, otherwise.
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
      /** @description Reports the filters keep. Exact without a search, and for a search with at most 2000 matches; past that, an estimate (total_is_exact false), at least 2001. */
      total: number;
      /** @description False when total (and so last_page and links.last) is an estimate: a search with more than 2000 matches. links.next then follows every full page. */
      total_is_exact: boolean;
      /** @description Pass as cursor to read the reports after this page; null when there are none. */
      next_cursor: string | null;
      /** @description Pass as cursor to read the reports before this page; null when there are none. */
      prev_cursor: string | null;
      /** Format: uri */
      path: string;
    };
    ReportListEnvelope: {
      data: components['schemas']['ReportSummaryView'][];
      links: components['schemas']['ListLinksView'];
      meta: components['schemas']['ListMetaView'];
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
      /** @enum {string} */
      category: 'seo' | 'performance' | 'security' | 'miscellaneous';
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
      /** @description The full analysis: score, categories, checks and page facts (docs/checks.md); null until an analysis completes. */
      results: components['schemas']['AnalysisResultsView'] | null;
    };
    ReportEnvelope: {
      data: components['schemas']['ReportView'];
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
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /** @description Required with privacy 2 and refused with any other privacy. Write-only: never returned. */
          password?: string;
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
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /** @description Required with privacy 2 and refused with any other privacy. Write-only: never returned. */
          password?: string;
        };
      };
    };
    UpdateReportDto: {
      content: {
        'application/x-www-form-urlencoded': {
          /**
           * @description 0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the report already has one; leaving 2 drops the stored password.
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /** @description A new password. Accepted on a report that has (or is switched to) privacy 2. Write-only. */
          password?: string;
          /**
           * @description 1 re-runs the analysis of the report's URL (the answer waits for it unless "Prefer: respond-async"); 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          results?: 0 | 1;
          /**
           * @description 1 gives the report a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          rotate_share_token?: 0 | 1;
        };
        'application/json': {
          /**
           * @description 0 public, 1 private, 2 password-protected. Switching to 2 needs a password unless the report already has one; leaving 2 drops the stored password.
           * @enum {integer}
           */
          privacy?: 0 | 1 | 2;
          /** @description A new password. Accepted on a report that has (or is switched to) privacy 2. Write-only. */
          password?: string;
          /**
           * @description 1 re-runs the analysis of the report's URL (the answer waits for it unless "Prefer: respond-async"); 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          results?: 0 | 1;
          /**
           * @description 1 gives the report a new share token: its share_url changes, and links handed out before answer 404. 0 does nothing.
           * @default 0
           * @enum {integer}
           */
          rotate_share_token?: 0 | 1;
        };
      };
    };
    UnlockReportDto: {
      content: {
        'application/x-www-form-urlencoded': {
          password?: string;
        };
        'application/json': {
          password?: string;
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
        /** @description Case-insensitive substring of the field named by search_by; %, _ and \ are literal. At least 3 characters (a shorter term answers 422): every term is then served by the trigram index of the account, where a 1 or 2 character term would read every report of the account. */
        search?: string;
        search_by?: 'url';
        /** @description Exact, case-insensitive match on the report's project (its host without a leading www.). */
        project?: string;
        result?: 'good' | 'decent' | 'bad';
        /** @description id: date created; generated_at: date generated; url; result: good > decent > bad. Ties by id in the same direction; reports without a value come last. */
        sort_by?: 'id' | 'generated_at' | 'url' | 'result';
        sort?: 'desc' | 'asc';
        per_page?: 10 | 25 | 50 | 100;
        /** @description The page, from 1. A page past the end answers 200 with no data and the true total. */
        page?: number;
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
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReportEnvelope'];
        };
      };
      /** @description With "Prefer: respond-async", or when the queue is long: queued or running; poll the Location. */
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
      /** @description With results=1 and "Prefer: respond-async", or when the queue is long: re-run queued or running; poll the Location. */
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
      /** @description The report (score, rating, categories, every check, page facts), or the password form. */
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
    requestBody: components['requestBodies']['UnlockReportDto'];
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
          'application/json': components['schemas']['ReportEnvelope'];
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
      /** @description A dependency does not answer; `detail` names it. */
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

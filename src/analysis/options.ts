/** Limits and policy of one analysis; config/ builds it from the environment. */
export interface AnalyserOptions {
  /** ANALYZER_ALLOW_HOSTS: host names, IPs or CIDR ranges the address policy lets through. */
  allowHosts: readonly string[];
  /** ANALYZER_ONLY_ALLOW_HOSTS: nothing but allowHosts is fetched (a network without the internet). */
  onlyAllowHosts?: boolean;
  /** The process analysing: a worker's refusals name the workers' own settings. */
  process?: 'api' | 'worker';
  userAgent: string;
  /** Deadline for the whole analysis, side fetches included. */
  deadlineMs: number;
  /** Bound of each side fetch (robots.txt, sitemap, 404 probe, favicon), within the deadline. */
  sideFetchTimeoutMs: number;
  /** Cap on the decoded HTML body. */
  maxBodyBytes: number;
  /** Redirect hops allowed before failing with redirect_limit. */
  maxRedirects: number;
}

export const DEFAULT_ANALYSER_OPTIONS: AnalyserOptions = {
  allowHosts: [],
  userAgent:
    'ReportServiceBot/0.1 (+https://github.com/report-service; site audit)',
  deadlineMs: 15_000,
  // Slower than this for a small file is as good as missing; robots.txt, sitemap and fallback in a row still fit 15 s.
  sideFetchTimeoutMs: 3_000,
  maxBodyBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
};

/** Bounds of the probes gathering makes for links, the canonical target and the http:// twin. */
export const PROBE_LIMITS = {
  /** Enough to find what a reader meets first; crawling a site is another tool's job. */
  maxUrls: 50,
  /** Parallel requests: quick on a slow site, gentle on the site and on us. */
  concurrency: 8,
  /** Redirect hops a probed URL may take; past them it counts as unverified. */
  maxRedirects: 5,
  /** Bytes of the canonical target read for its meta robots, which sit in the head. */
  canonicalBodyBytes: 512 * 1024,
} as const;

import { progressFigures } from '../../site-audits/audit-progress.js';
import type { ProgressFigures } from '../../site-audits/audit-progress.js';
import type {
  CrawlProgressView,
  SiteAuditView,
} from '../../site-audits/site-audit.view.js';

/** 870 ms → "0.9 s", 75 s → "1 min 15 s". */
export function durationOf(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Where an audit stands while `audit-site` waits for it. */
export interface AuditProgress {
  audit: Pick<SiteAuditView, 'id' | 'url' | 'status' | 'settings'> & {
    progress: Pick<CrawlProgressView, 'pages_crawled' | 'pages_queued'> &
      Partial<
        Pick<CrawlProgressView, 'phase' | 'lab_pages' | 'lab_pages_measured'>
      >;
  };
  /** Since the audit was created, by the command's clock (the API's is another's). */
  elapsedMs: number;
}

/** At most one progress line this often when stderr is no terminal (a CI log). */
export const PROGRESS_LINE_MS = 5_000;

const BAR_WIDTH = 24;

/** The API's figures, timed by the command's clock. */
function figuresOf({ audit, elapsedMs }: AuditProgress): ProgressFigures {
  return progressFigures({
    crawled: audit.progress.pages_crawled,
    queued: audit.progress.pages_queued,
    maxPages: audit.settings.max_pages,
    elapsedMs,
  });
}

/** One line for a log: pages done, pages known, elapsed time. */
export function progressLine(state: AuditProgress): string {
  const { audit } = state;
  if (audit.status === 'queued') {
    return `Site audit ${audit.id} of ${audit.url}: queued, ${durationOf(state.elapsedMs)} elapsed`;
  }
  const lab = labLine(state);
  if (lab) return lab;
  const { pagesKnown } = figuresOf(state);
  return `Site audit ${audit.id} of ${audit.url}: ${audit.progress.pages_crawled} of ${pagesKnown} pages known done, ${durationOf(state.elapsedMs)} elapsed`;
}

/** The lab phase's line: pages measured of those to measure; null in any other phase. */
function labLine({ audit, elapsedMs }: AuditProgress): string | null {
  const {
    phase,
    lab_pages: pages,
    lab_pages_measured: measured,
  } = audit.progress;
  if (phase !== 'lab' || pages === null || pages === undefined) return null;
  return `Site audit ${audit.id} of ${audit.url}: lab phase, ${measured ?? 0} of ${pages} template pages measured, ${durationOf(elapsedMs)} elapsed`;
}

/** A bar for a terminal: share done, pages, elapsed time and time left. */
export function progressBar(state: AuditProgress): string {
  const { audit } = state;
  if (audit.status === 'queued') return progressLine(state);
  const lab = labLine(state);
  if (lab) return lab;
  const { pagesKnown, percentDone, timeLeftMs: left } = figuresOf(state);
  const filled = Math.round((percentDone * BAR_WIDTH) / 100);
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percentDone}% ` +
    `${audit.progress.pages_crawled}/${pagesKnown} pages, ${durationOf(state.elapsedMs)}` +
    (left === null ? '' : `, about ${durationOf(left)} left`)
  );
}

/**
 * A writer of progress lines for a log: the first at once, then at most one each
 * `everyMs` by `now`; the null that ends the wait writes nothing.
 */
export function progressLines(
  write: (line: string) => void,
  now: () => number,
  everyMs = PROGRESS_LINE_MS,
): (state: AuditProgress | null) => void {
  let last: number | null = null;
  return (state) => {
    if (state === null) return;
    const at = now();
    if (last !== null && at - last < everyMs) return;
    last = at;
    write(`${progressLine(state)}\n`);
  };
}

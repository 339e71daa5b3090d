import type {
  FetchedResponse,
  RenderedDom,
  SideFetch,
  TargetProbe,
} from '../../analysis/index.js';
import type { HostPoliteness } from './host-gate.js';

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

/** Only an HTML page answered 200 is read and judged; of the rest the head is enough. */
export function isHtmlPage(head: {
  status: number;
  headers: Record<string, string>;
}): boolean {
  const type = head.headers['content-type']?.split(';')[0].trim().toLowerCase();
  return head.status === 200 && type !== undefined && HTML_TYPES.includes(type);
}

/** A page's own answer, and the DOM a browser made of it when the crawl renders its pages. */
export interface PageAnswer extends FetchedResponse {
  rendered?: RenderedDom;
  /** Asked to render, the browser gave no page for a reason of the page's own: its raw HTML is read. */
  renderFailure?: { reason: string; message: string };
}

/** How a page is asked for. */
export interface PageRequest {
  /** Asked once the host's turn has come: false when the page is no longer wanted. */
  stillWanted?: () => Promise<boolean>;
  /** Render an HTML page answered 200 in a browser too (render: true): its links are those of the rendered DOM. */
  render?: boolean;
  /** What the render must not ask for (robots.txt): the page's resources it refuses. */
  blocked?: (url: string) => boolean;
  /** The crawl the page is one of: its renders share the crawl's browser contexts and cache. */
  session?: string;
}

/** How a side request of the start is read. */
export interface SideOptions {
  accept?: string;
  /** false: the head is enough (the favicon). */
  readBody?: boolean;
  maxBytes?: number;
}

/**
 * The crawler's one way to the network, whatever asks it (plain HTTP today, a browser
 * next): every request waits for its host's turn (politeness across processes) and
 * goes through the address policy. The pipeline and the start know nothing else of
 * how pages are fetched.
 */
export abstract class PageFetcher {
  /**
   * A page's own answer: its redirect not followed, its body read only when it is an
   * HTML page answered 200 (and then rendered too, when asked). Waits for the host's
   * turn, then asks `stillWanted` (null when the crawl stopped meanwhile). Throws
   * AnalysisError when it cannot be asked or rendered (transient ones are tried
   * again), or stop's reason.
   */
  abstract page(
    url: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
    request?: PageRequest,
  ): Promise<PageAnswer | null>;

  /**
   * A page's answer rendered in a browser when it is an HTML page answered 200 (a
   * crawl with render: "auto" renders a page once its raw answer is read); as it is
   * from a fetcher that renders nothing. Throws as `page` does.
   */
  abstract rendered(
    answer: PageAnswer,
    politeness: HostPoliteness,
    stop: AbortSignal,
    request?: PageRequest,
  ): Promise<PageAnswer>;

  /**
   * The answers of URLs the crawl probes once (HEAD, then GET when HEAD may have been
   * refused; redirects followed), a few at once. A probe cut by `stop` is left out,
   * not answered as a failure of its URL.
   */
  abstract probe(
    urls: string[],
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe[]>;

  /** A side request of the start (robots.txt, a sitemap, the 404 probe, the favicon): its failure is its answer; throws only at `stop`. */
  abstract side(
    url: string,
    politeness: HostPoliteness,
    options: SideOptions,
    stop: AbortSignal,
  ): Promise<SideFetch>;

  /** The http:// twin of an https page, its redirect not followed; null for an http page. */
  abstract twin(
    httpsUrl: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe | null>;
}

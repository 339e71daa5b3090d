import { hostKeyOf, RenderFailure } from '../../analysis/index.js';
import type {
  RenderedDom,
  RenderPage,
  SideFetch,
  TargetProbe,
} from '../../analysis/index.js';
import { HostGate } from './host-gate.js';
import type { HostPoliteness } from './host-gate.js';
import { isHtmlPage, PageFetcher } from './page-fetcher.js';
import type { PageAnswer, PageRequest, SideOptions } from './page-fetcher.js';

/**
 * The crawler's fetcher for crawls that render (render: true), in front of the HTTP
 * one: a page is asked over HTTP as ever (its status, headers, redirect and raw HTML
 * are its own answer), then an HTML page answered 200 is rendered in a browser from
 * that very answer (not asked again), whose DOM the page is read from. Each request
 * the browser makes to the page's host takes a turn of the host as the crawl's own do,
 * held while it is in flight, never while the render waits. Probes and the start's
 * side requests stay plain HTTP.
 */
export class RenderingPageFetcher extends PageFetcher {
  constructor(
    private readonly http: PageFetcher,
    private readonly gate: HostGate,
    private readonly render: RenderPage,
  ) {
    super();
  }

  async page(
    url: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
    request: PageRequest = {},
  ): Promise<PageAnswer | null> {
    const answer = await this.http.page(url, politeness, stop, request);
    if (!request.render || answer === null) return answer;
    return this.rendered(answer, politeness, stop, request);
  }

  override async rendered(
    answer: PageAnswer,
    politeness: HostPoliteness,
    stop: AbortSignal,
    request: PageRequest = {},
  ): Promise<PageAnswer> {
    if (!isHtmlPage(answer)) return answer;
    let rendered: RenderedDom;
    try {
      ({ rendered } = await this.renderOnce(
        answer,
        answer.requestedUrl,
        politeness,
        stop,
        request,
      ));
    } catch (error) {
      // The page's own failure keeps its answer, read raw; the service's is tried again.
      if (!(error instanceof RenderFailure)) throw error;
      return {
        ...answer,
        renderFailure: { reason: error.reason, message: error.message },
      };
    }
    return { ...answer, rendered };
  }

  private renderOnce(
    answer: PageAnswer,
    url: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
    request: PageRequest,
  ) {
    return this.render(answer.url, {
      // A body cut at the cap is not the page: then the browser asks for it itself.
      document: answer.truncated ? undefined : answer,
      blocked: request.blocked,
      session: request.session,
      // The host's politeness counts the browser's requests to it, each while in flight.
      hostTurn: async (resource, ended) => {
        if (hostKeyOf(resource) !== hostKeyOf(url)) return null;
        const turn = await this.gate.turnFor(
          resource,
          politeness,
          AbortSignal.any([stop, ended]),
        );
        return () => turn.release();
      },
    });
  }

  probe(
    urls: string[],
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe[]> {
    return this.http.probe(urls, politeness, stop);
  }

  side(
    url: string,
    politeness: HostPoliteness,
    options: SideOptions,
    stop: AbortSignal,
  ): Promise<SideFetch> {
    return this.http.side(url, politeness, options, stop);
  }

  twin(
    httpsUrl: string,
    politeness: HostPoliteness,
    stop: AbortSignal,
  ): Promise<TargetProbe | null> {
    return this.http.twin(httpsUrl, politeness, stop);
  }
}

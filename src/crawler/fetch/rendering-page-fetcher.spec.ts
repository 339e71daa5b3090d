import { AnalysisError } from '../../analysis/index.js';
import type {
  RenderedAnswer,
  RenderedDom,
  RenderRequest,
  SideFetch,
  TargetProbe,
} from '../../analysis/index.js';
import { HostGate } from './host-gate.js';
import type { HostTurn } from './host-gate.js';
import { PageFetcher } from './page-fetcher.js';
import type { PageAnswer, PageRequest } from './page-fetcher.js';
import { RenderingPageFetcher } from './rendering-page-fetcher.js';

/** A gate that lets every request go at once and counts the turns held. */
class CountingGate extends HostGate {
  taken = 0;
  held = 0;
  acquire(): Promise<HostTurn> {
    this.taken++;
    this.held++;
    return Promise.resolve({
      release: () => {
        this.held--;
        return Promise.resolve();
      },
    });
  }
}

function answerOf(fields: Partial<PageAnswer>): PageAnswer {
  return {
    requestedUrl: 'https://example.com/',
    url: 'https://example.com/',
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    setCookies: [],
    redirects: [],
    body: Buffer.from('<title>Loading…</title><div id="app"></div>'),
    contentEncoding: null,
    transferBytes: 40,
    ttfbMs: 1,
    loadTimeMs: 2,
    ...fields,
  };
}

/** The HTTP fetcher's part: answers what it is given, and records how it was asked. */
class GivenAnswers extends PageFetcher {
  requests: PageRequest[] = [];
  constructor(private readonly answer: PageAnswer | null) {
    super();
  }
  page(
    _url: string,
    _politeness: unknown,
    _stop: AbortSignal,
    request: PageRequest = {},
  ): Promise<PageAnswer | null> {
    this.requests.push(request);
    return Promise.resolve(this.answer);
  }
  rendered(answer: PageAnswer): Promise<PageAnswer> {
    return Promise.resolve(answer);
  }
  probe(): Promise<TargetProbe[]> {
    return Promise.resolve([]);
  }
  side(url: string): Promise<SideFetch> {
    return Promise.resolve({
      url,
      status: 404,
      contentType: null,
      body: null,
      error: null,
    });
  }
  twin(): Promise<TargetProbe | null> {
    return Promise.resolve(null);
  }
}

const DOM: RenderedDom = {
  html: '<title>Pricing plans</title><div id="app"><a href="/a">A</a></div>',
  finalUrl: 'https://example.com/',
  settled: true,
  pageErrors: [],
  refused: [],
  fragmentRoutes: [],
  resources: [],
  dialogs: 0,
  windowsBlocked: 0,
};

const politeness = { concurrency: 1, delayMs: 0 };
const stop = new AbortController().signal;

function fetcherWith(
  answer: PageAnswer | null,
  render?: () => Promise<RenderedAnswer>,
  /** What the page asks for as it renders, one request after another. */
  resources: string[] = [],
) {
  const http = new GivenAnswers(answer);
  const gate = new CountingGate();
  const rendered: string[] = [];
  const requests: RenderRequest[] = [];
  /** Turns held while the render waits for the network to go quiet. */
  const heldWhileWaiting: number[] = [];
  // As the browser does: a turn asked for each request, let go when it ends.
  const fetcher = new RenderingPageFetcher(http, gate, async (url, request) => {
    rendered.push(url);
    requests.push(request ?? {});
    const ended = new AbortController();
    for (const resource of resources) {
      const leave = await request?.hostTurn?.(resource, ended.signal);
      await leave?.();
    }
    heldWhileWaiting.push(gate.held);
    ended.abort();
    return render ? await render() : { page: answerOf({}), rendered: DOM };
  });
  return { fetcher, http, gate, rendered, requests, heldWhileWaiting };
}

describe('RenderingPageFetcher', () => {
  it('renders nothing for a crawl that does not render', async () => {
    const raw = answerOf({});
    const { fetcher, rendered, gate } = fetcherWith(raw);
    expect(await fetcher.page(raw.url, politeness, stop)).toBe(raw);
    expect(rendered).toEqual([]);
    expect(gate.taken).toBe(0);
  });

  it.each([
    ['a redirect', answerOf({ status: 301, headers: { location: '/b' } })],
    ['an error page', answerOf({ status: 404 })],
    ['an image', answerOf({ headers: { 'content-type': 'image/png' } })],
  ])('keeps the HTTP answer of %s as it is', async (_case, raw) => {
    const { fetcher, rendered } = fetcherWith(raw);
    expect(
      await fetcher.page(raw.url, politeness, stop, { render: true }),
    ).toBe(raw);
    expect(rendered).toEqual([]);
  });

  it('renders an HTML page answered 200, its raw answer kept, taking no turn for the render as a whole', async () => {
    const raw = answerOf({});
    const { fetcher, http, rendered, gate } = fetcherWith(raw);
    const stillWanted = () => Promise.resolve(true);
    const answer = await fetcher.page(raw.url, politeness, stop, {
      render: true,
      stillWanted,
    });
    expect(answer).toEqual({ ...raw, rendered: DOM });
    expect(http.requests).toEqual([{ render: true, stillWanted }]);
    expect(rendered).toEqual([raw.url]);
    expect([gate.taken, gate.held]).toEqual([0, 0]);
  });

  it('hands the browser the page as answered, so the site is not asked for it twice', async () => {
    const raw = answerOf({});
    const { fetcher, requests } = fetcherWith(raw);
    await fetcher.page(raw.url, politeness, stop, { render: true });
    expect(requests.map((request) => request.document)).toEqual([raw]);
  });

  it('hands the render what the crawl refuses it (robots.txt)', async () => {
    const raw = answerOf({});
    const { fetcher, requests } = fetcherWith(raw);
    const blocked = (url: string) => url.includes('/private/');
    await fetcher.page(raw.url, politeness, stop, { render: true, blocked });
    expect(requests.map((request) => request.blocked)).toEqual([blocked]);
  });

  it('lets the browser ask for a page whose body was cut at the cap itself', async () => {
    const raw = answerOf({ truncated: true });
    const { fetcher, requests } = fetcherWith(raw);
    await fetcher.page(raw.url, politeness, stop, { render: true });
    expect(requests.map((request) => request.document)).toEqual([undefined]);
  });

  it('takes a turn of the page’s host for each request the browser makes to it, none for other hosts', async () => {
    const raw = answerOf({});
    const { fetcher, gate, heldWhileWaiting } = fetcherWith(raw, undefined, [
      'https://example.com/app.js',
      'https://example.com/api/page.json',
      'https://cdn.example.net/lib.js',
    ]);
    await fetcher.page(raw.url, politeness, stop, { render: true });
    expect(gate.taken).toBe(2);
    expect(heldWhileWaiting).toEqual([0]);
    expect(gate.held).toBe(0);
  });

  it('hands the render the crawl it is one of, whose contexts and cache it shares', async () => {
    const raw = answerOf({});
    const { fetcher, requests } = fetcherWith(raw);
    await fetcher.page(raw.url, politeness, stop, {
      render: true,
      session: 'crawl-1',
    });
    expect(requests.map((request) => request.session)).toEqual(['crawl-1']);
  });

  it('fails the page with the render’s reason, and gives its turn back', async () => {
    const raw = answerOf({});
    const { fetcher, gate } = fetcherWith(raw, () =>
      Promise.reject(
        new AnalysisError('render_failed', 'The page’s scripts never let go.'),
      ),
    );
    await expect(
      fetcher.page(raw.url, politeness, stop, { render: true }),
    ).rejects.toMatchObject({ code: 'render_failed' });
    expect(gate.held).toBe(0);
  });

  it('answers null when the crawl no longer wants the page', async () => {
    const { fetcher, rendered } = fetcherWith(null);
    expect(
      await fetcher.page('https://example.com/', politeness, stop, {
        render: true,
      }),
    ).toBeNull();
    expect(rendered).toEqual([]);
  });
});

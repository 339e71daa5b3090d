import {
  documentOf,
  GOOD_PAGE_HTML,
  runCheck,
  snapshotOf,
} from '../../../test/support/snapshot-fixture.js';
import { judge } from '../judge.js';
import type { RenderingFacts } from '../types.js';
import {
  blockedResources,
  fragmentRoutes,
  refusedRequests,
  renderedCanonical,
  renderedContent,
  renderedDescription,
  renderedH1,
  renderedLinks,
  renderedNoindex,
  renderedTitle,
  RENDERING_CHECKS,
  scriptErrors,
} from './rendering.js';
import type { Check } from './check.js';

const ORIGIN = 'https://example.com';

function facts(
  rawHtml: string,
  more: Partial<RenderingFacts> = {},
): RenderingFacts {
  return {
    rawHtml,
    finalUrl: `${ORIGIN}/pricing`,
    settled: true,
    pageErrors: [],
    refused: [],
    fragmentRoutes: [],
    resources: [],
    dialogs: 0,
    windowsBlocked: 0,
    ...more,
  };
}

/** The check on a page whose raw HTML is `raw` and whose rendered DOM is `rendered`. */
function compare(
  check: Check,
  raw: string,
  rendered: string,
  more: Partial<RenderingFacts> = {},
) {
  return runCheck(check, rendered, { rendering: facts(raw, more) });
}

const SHELL = documentOf('<title>Loading…</title>', '<div id="app"></div>');
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('the rendered-against-raw checks', () => {
  it('do not apply to a page that was not rendered', () => {
    for (const check of RENDERING_CHECKS) {
      expect({ id: check.id, passed: runCheck(check, SHELL).passed }).toEqual({
        id: check.id,
        passed: null,
      });
    }
  });

  it('are left out of the report of a page that was not rendered, and in that of one that was', () => {
    const ids = RENDERING_CHECKS.map((check) => check.id);
    const plain = judge(snapshotOf(GOOD_PAGE_HTML)).checks.map((c) => c.id);
    expect(plain.filter((id) => ids.includes(id))).toEqual([]);
    const rendered = judge(
      snapshotOf(GOOD_PAGE_HTML, { rendering: facts(GOOD_PAGE_HTML) }),
    );
    expect(rendered.checks.filter((c) => ids.includes(c.id))).toHaveLength(
      ids.length,
    );
    // The same page rendered as served: nothing differs, so nothing fails.
    expect(
      rendered.checks.filter((c) => ids.includes(c.id) && c.passed === false),
    ).toEqual([]);
  });

  it.each([
    ['the same text', words(100), words(100), true],
    ['half the words in the raw HTML', words(50), words(100), true],
    ['most text written by scripts', words(10), words(100), false],
    ['an empty shell filled by a script', '', words(100), false],
    ['no text at all', '', '', true],
  ])('rendered_content: %s → %s', (_case, raw, rendered, passed) => {
    const outcome = compare(
      renderedContent,
      documentOf('', `<p>${raw}</p>`),
      documentOf('', `<p>${rendered}</p>`),
    );
    expect(outcome.passed).toBe(passed);
  });

  it('rendered_links names the links only the rendered page has', () => {
    const outcome = compare(
      renderedLinks,
      documentOf('', '<a href="/a">A</a>'),
      documentOf(
        '',
        '<a href="/a#top">A</a><a href="/b">B</a><a href="mailto:x@example.com">mail</a>',
      ),
    );
    expect(outcome.passed).toBe(false);
    expect(outcome.value).toEqual([`${ORIGIN}/b`]);
    expect(
      compare(
        renderedLinks,
        documentOf('', '<a href="/a">A</a><a href="/b">B</a>'),
        documentOf('', '<a href="/a">A</a>'),
      ).passed,
    ).toBe(true);
  });

  it('rendered_title: added, changed, removed or kept', () => {
    const titled = (title: string) => documentOf(`<title>${title}</title>`, '');
    const changed = compare(renderedTitle, SHELL, titled('Pricing plans'));
    expect(changed).toMatchObject({
      passed: false,
      message:
        'JavaScript changes the title from "Loading…" to "Pricing plans".',
    });
    expect(
      compare(renderedTitle, documentOf('', ''), titled('Pricing plans'))
        .message,
    ).toBe('JavaScript adds the title: the raw HTML has none.');
    expect(
      compare(renderedTitle, titled('Pricing'), documentOf('', '')).message,
    ).toBe('JavaScript removes the title the raw HTML has.');
    expect(
      compare(renderedTitle, titled('Pricing'), titled('Pricing')).passed,
    ).toBe(true);
  });

  it('rendered_description, rendered_h1 and rendered_canonical compare what each declares', () => {
    const description = (text: string) =>
      documentOf(`<meta name="description" content="${text}">`, '');
    expect(
      compare(renderedDescription, SHELL, description('Plans')).passed,
    ).toBe(false);
    expect(
      compare(renderedDescription, description('Plans'), description('Plans'))
        .passed,
    ).toBe(true);
    expect(
      compare(renderedH1, SHELL, documentOf('', '<h1>Pricing</h1>')).passed,
    ).toBe(false);
    expect(
      compare(
        renderedH1,
        documentOf('', '<h1>Pricing</h1>'),
        documentOf('', '<div><h1>Pricing</h1></div>'),
      ).passed,
    ).toBe(true);
    const canonical = (href: string) =>
      documentOf(`<link rel="canonical" href="${href}">`, '');
    expect(
      compare(renderedCanonical, canonical('/pricing'), canonical('/prices'))
        .passed,
    ).toBe(false);
    expect(
      compare(renderedCanonical, canonical('/pricing'), canonical('/pricing'))
        .passed,
    ).toBe(true);
  });

  it.each([
    ['in neither', '', '', true],
    ['in both', 'noindex', 'noindex', true],
    ['only in the raw HTML', 'noindex, follow', '', false],
    ['only after rendering', '', 'none', false],
  ])('rendered_noindex: noindex %s → %s', (_case, raw, rendered, passed) => {
    const robots = (content: string) =>
      documentOf(
        content ? `<meta name="robots" content="${content}">` : '',
        '',
      );
    expect(compare(renderedNoindex, robots(raw), robots(rendered)).passed).toBe(
      passed,
    );
  });

  it('script_errors, refused_requests and fragment_routes name what the render met', () => {
    const page = documentOf('', '<p>text</p>');
    expect(compare(scriptErrors, page, page).passed).toBe(true);
    const errors = compare(scriptErrors, page, page, {
      pageErrors: ['TypeError: app is null'],
    });
    expect(errors).toMatchObject({
      passed: false,
      value: ['TypeError: app is null'],
    });
    expect(compare(refusedRequests, page, page).passed).toBe(true);
    const refused = compare(refusedRequests, page, page, {
      refused: [
        {
          url: 'http://127.0.0.2/track',
          reason:
            'The address 127.0.0.2 of 127.0.0.2 is not allowed (loopback).',
        },
      ],
    });
    expect(refused.passed).toBe(false);
    expect(refused.value).toEqual([
      {
        url: 'http://127.0.0.2/track',
        reason: 'The address 127.0.0.2 of 127.0.0.2 is not allowed (loopback).',
      },
    ]);
    expect(compare(fragmentRoutes, page, page).passed).toBe(true);
    expect(
      compare(fragmentRoutes, page, page, {
        fragmentRoutes: [`${ORIGIN}/#/pricing`],
      }),
    ).toMatchObject({ passed: false, value: [`${ORIGIN}/#/pricing`] });
  });

  describe('rendered_blocked_resources', () => {
    const page = documentOf('<title>Pricing</title>', '<p>Plans</p>');
    const resources = [
      { url: `${ORIGIN}/static/app.js`, type: 'script' },
      { url: `${ORIGIN}/private/plans.json`, type: 'fetch' },
      // Another site's robots.txt is not fetched: its resources are not judged.
      { url: 'https://cdn.example.net/private/lib.js', type: 'script' },
    ];
    const run = (robotsBody: string | null, status = 200) =>
      runCheck(blockedResources, page, {
        rendering: facts(page, { resources }),
        robotsTxt: {
          url: `${ORIGIN}/robots.txt`,
          status,
          contentType: 'text/plain',
          body: robotsBody,
          error: null,
        },
      });

    it('names each resource of the site that robots.txt keeps crawlers from, with its rule', () => {
      expect(run('User-agent: *\nDisallow: /private/\n')).toMatchObject({
        passed: false,
        value: [
          {
            url: `${ORIGIN}/private/plans.json`,
            type: 'fetch',
            rule: 'Disallow: /private/',
          },
        ],
      });
    });

    it('passes when robots.txt allows them, or there is none', () => {
      expect(run('User-agent: *\nDisallow: /admin/\n').passed).toBe(true);
      expect(run(null, 404).passed).toBe(true);
      expect(
        runCheck(blockedResources, page, { rendering: facts(page) }).passed,
      ).toBe(true);
    });
  });
});

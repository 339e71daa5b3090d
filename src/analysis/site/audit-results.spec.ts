import type { TargetProbe } from '../types.js';
import type { AuditProbePlan } from './audit-page.js';
import { rejudgeProbes } from './audit-results.js';

describe('rejudgeProbes', () => {
  const site = 'https://example.com';
  const answer = (
    url: string,
    status: number | null,
    error: string | null = null,
    location: string | null = null,
  ): TargetProbe => ({ url, status, location, robots: [], error });
  // What the crawl knows once it has stopped: its pages' answers and its probes'.
  const answers = new Map(
    [
      answer(`${site}/gone`, 404),
      answer(`${site}/fine`, 200),
      answer(`${site}/moved`, 301, null, `${site}/gone-too`),
      answer(`${site}/gone-too`, 404),
      answer(`${site}/missing.png`, 404),
      answer('https://elsewhere.example/away', null, 'connection'),
      answer('https://elsewhere.example/fine', 200),
    ].map((a) => [a.url, a]),
  );
  const plan: AuditProbePlan = {
    found: 6,
    targets: [
      { url: `${site}/missing.png`, kind: 'image' },
      { url: `${site}/gone`, kind: 'link' },
      { url: `${site}/fine`, kind: 'link' },
      { url: `${site}/moved`, kind: 'link' },
      { url: 'https://elsewhere.example/away', kind: 'link' },
      { url: `${site}/excluded`, kind: 'link' },
    ],
    canonical: null,
  };
  const first = { brokenLinks: false, canonical: null };
  const rejudge = (
    judged: AuditProbePlan,
    leftToSite?: (target: { url: string; kind: string }) => boolean,
  ) =>
    rejudgeProbes(
      `${site}/`,
      judged,
      first,
      (url) => answers.get(url),
      null,
      leftToSite,
    ).broken_links;
  // What the site check broken_link judges of this page: its links to pages of the crawl that do not redirect.
  const pagesOfTheCrawl = new Set([`${site}/gone`, `${site}/fine`]);
  const bySite = (target: { url: string; kind: string }) =>
    target.kind === 'link' && pagesOfTheCrawl.has(target.url);

  it('judges every target without a site check to leave them to, as a report does', () => {
    expect(rejudge(plan)).toEqual({
      passed: false,
      message: '4 of 6 URLs probed are broken.',
      value: [
        `404 image ${site}/missing.png`,
        `404 link ${site}/gone`,
        `404 link ${site}/moved`,
        'connection link https://elsewhere.example/away',
      ],
    });
  });

  it('leaves the links the site judges to it, and keeps resources, other sites and links to a redirect', () => {
    expect(rejudge(plan, bySite)).toEqual({
      passed: false,
      message:
        '3 of 4 URLs probed are broken; 2 links to pages of the crawl are left to the site check broken_link.',
      value: [
        `404 image ${site}/missing.png`,
        `404 link ${site}/moved`,
        'connection link https://elsewhere.example/away',
      ],
    });
  });

  it('passes a page whose only broken links the site judges', () => {
    const internal: AuditProbePlan = {
      found: 3,
      targets: [
        { url: `${site}/gone`, kind: 'link' },
        { url: `${site}/fine`, kind: 'link' },
        { url: 'https://elsewhere.example/fine', kind: 'link' },
      ],
      canonical: null,
    };
    expect(rejudge(internal, bySite)).toEqual({
      passed: true,
      message:
        'Every URL probed answers; 2 links to pages of the crawl are left to the site check broken_link.',
    });
    expect(
      rejudge(
        { ...internal, found: 2, targets: internal.targets.slice(0, 2) },
        bySite,
      ),
    ).toEqual({
      passed: true,
      message:
        'The 2 links probed lead to pages of the crawl, left to the site check broken_link.',
    });
  });

  it('keeps a resource at a URL the crawl requested as a page: the site judges only links', () => {
    const image: AuditProbePlan = {
      found: 1,
      targets: [{ url: `${site}/gone`, kind: 'image' }],
      canonical: null,
    };
    expect(rejudge(image, bySite)).toMatchObject({
      passed: false,
      value: [`404 image ${site}/gone`],
    });
  });
});

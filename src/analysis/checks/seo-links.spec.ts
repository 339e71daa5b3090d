import {
  documentOf,
  runCheck,
} from '../../../test/support/snapshot-fixture.js';
import type { LinkProbe } from '../types.js';
import { brokenLinks, metaRefresh, nofollow } from './seo-links.js';

const EMPTY = documentOf('', '');

describe('broken_links', () => {
  const probe = (
    url: string,
    status: number | null,
    error: string | null = null,
    kind: LinkProbe['kind'] = 'link',
  ): LinkProbe => ({ url, kind, status, error });
  const probes = (probed: LinkProbe[], found = probed.length) => ({
    linkProbes: { found, probed },
  });
  it.each([
    [
      'every URL answers',
      probes([
        probe('https://example.com/a', 200),
        probe('https://example.com/b.css', 304, null, 'stylesheet'),
      ]),
      true,
    ],
    [
      'a redirect that ends in 200',
      probes([probe('https://example.com/old', 200)]),
      true,
    ],
    [
      'a 404 link',
      probes([
        probe('https://example.com/a', 200),
        probe('https://example.com/gone', 404),
      ]),
      false,
    ],
    [
      'a 500 image',
      probes([probe('https://example.com/a.png', 500, null, 'image')]),
      false,
    ],
    [
      'a host that does not resolve',
      probes([probe('https://nowhere.example/', null, 'dns')]),
      false,
    ],
    [
      'a refused connection',
      probes([probe('https://example.com:81/', null, 'connection')]),
      false,
    ],
    [
      'a timeout beside an answer',
      probes([
        probe('https://example.com/a', 200),
        probe('https://slow.example/', null, 'timeout'),
      ]),
      true,
    ],
    [
      'an address our policy refuses',
      probes([
        probe('https://example.com/a', 200),
        probe('http://10.0.0.1/', null, 'blocked'),
      ]),
      true,
    ],
    [
      'no answer at all in time',
      probes([probe('https://slow.example/', null, 'timeout')]),
      null,
    ],
    ['nothing to probe', probes([], 0), null],
    ['not probed', { linkProbes: null }, null],
  ])('%s → %s', (_case, overrides, passed) => {
    expect(runCheck(brokenLinks, EMPTY, overrides).passed).toBe(passed);
  });

  it('lists each broken URL with its status or error, and says how many were probed', () => {
    const outcome = runCheck(
      brokenLinks,
      EMPTY,
      probes(
        [
          probe('https://example.com/gone', 404),
          probe('https://example.com/a.png', 410, null, 'image'),
          probe('https://nowhere.example/', null, 'dns'),
          probe('https://example.com/fine', 200),
        ],
        73,
      ),
    );
    expect(outcome.message).toBe(
      '3 of 4 URLs probed are broken (the first 4 of 73).',
    );
    expect(outcome.value).toEqual([
      '404 link https://example.com/gone',
      '410 image https://example.com/a.png',
      'dns link https://nowhere.example/',
    ]);
  });
});

describe('meta_refresh', () => {
  it('gives the delay and the target as evidence', () => {
    const outcome = runCheck(
      metaRefresh,
      documentOf('<meta http-equiv="refresh" content="0; url=/new">', ''),
    );
    expect(outcome.value).toEqual(['content="0; url=/new"']);
  });

  it.each([
    ['no refresh', '', true],
    ['a refresh', '<meta http-equiv="refresh" content="5">', false],
    ['a redirect', '<meta http-equiv="Refresh" content="0; url=/new">', false],
    [
      'another http-equiv',
      '<meta http-equiv="content-language" content="en">',
      true,
    ],
  ])('%s → %s', (_case, head, passed) => {
    expect(runCheck(metaRefresh, documentOf(head, '')).passed).toBe(passed);
  });
});

describe('nofollow', () => {
  it.each([
    ['plain links', '', '<a href="/a">a</a>', {}, true],
    [
      'nofollow to another site',
      '',
      '<a href="https://ads.example/" rel="nofollow sponsored">ad</a>',
      {},
      true,
    ],
    [
      'nofollow to this site',
      '',
      '<a href="/login" rel="nofollow">Log in</a>',
      {},
      false,
    ],
    [
      'meta robots nofollow',
      '<meta name="robots" content="index, nofollow">',
      '',
      {},
      false,
    ],
    ['meta robots none', '<meta name="robots" content="none">', '', {}, false],
    ['X-Robots-Tag: nofollow', '', '', { 'x-robots-tag': 'nofollow' }, false],
  ])('%s → %s', (_case, head, body, headers, passed) => {
    expect(runCheck(nofollow, documentOf(head, body), { headers }).passed).toBe(
      passed,
    );
  });
});

import { answerOf, targetsOf } from './targets.js';

describe('targetsOf', () => {
  it('names each missing page once, with every page that links to it, the most linked first', () => {
    const gone = (url: string) => ({
      url,
      status_code: 404,
      error: null,
      anchor: 'changelog',
    });
    const targets = targetsOf([
      { url: 'http://s/a', value: [gone('http://s/changelog.html')] },
      {
        url: 'http://s/b',
        value: [gone('http://s/changelog.html'), gone('http://s/old')],
      },
      { url: 'http://s/c', value: [gone('http://s/changelog.html')] },
    ]);
    expect(targets).toEqual([
      {
        url: 'http://s/changelog.html',
        status_code: 404,
        error: null,
        redirect_to: null,
        reason: null,
        sources: ['http://s/a', 'http://s/b', 'http://s/c'],
      },
      {
        url: 'http://s/old',
        status_code: 404,
        error: null,
        redirect_to: null,
        reason: null,
        sources: ['http://s/b'],
      },
    ]);
    expect(answerOf(targets[0])).toBe('404');
  });

  it('reads a canonical’s single target, and says where a redirect goes', () => {
    const [target] = targetsOf([
      {
        url: 'http://s/a',
        value: {
          url: 'http://s/x',
          status_code: 301,
          redirect_to: 'http://s/y',
        },
      },
      { url: 'http://s/b', value: null },
    ]);
    expect(target.sources).toEqual(['http://s/a']);
    expect(answerOf(target)).toBe('301 → http://s/y');
  });

  it('says why an alternate answered 2xx is at fault, and leaves a redirect to its answer', () => {
    const targets = targetsOf([
      {
        url: 'http://s/de',
        value: [
          {
            lang: 'es',
            url: 'http://s/es',
            status_code: 200,
            reason: 'noindex',
          },
          {
            lang: 'x-default',
            url: 'http://s/',
            status_code: 301,
            redirect_to: 'http://s/en',
            reason: 'redirect',
          },
        ],
      },
    ]);
    expect(targets.map((target) => answerOf(target))).toEqual([
      '301 → http://s/en',
      '200 (noindex)',
    ]);
  });

  it('gathers routes by fragment, bare URLs in the evidence, each once with its pages', () => {
    const targets = targetsOf([
      { url: 'http://s/', value: ['http://s/#/pricing', 'http://s/#/team'] },
      { url: 'http://s/features', value: ['http://s/#/pricing'] },
    ]);
    expect(targets).toEqual([
      {
        url: 'http://s/#/pricing',
        status_code: null,
        error: null,
        redirect_to: null,
        reason: null,
        sources: ['http://s/', 'http://s/features'],
      },
      {
        url: 'http://s/#/team',
        status_code: null,
        error: null,
        redirect_to: null,
        reason: null,
        sources: ['http://s/'],
      },
    ]);
    expect(answerOf(targets[0], 'fragment_routes')).toBe(
      'a route by fragment: no page of its own to search engines',
    );
    // A link's target says its own answer, whichever check asks.
    expect(
      answerOf({ ...targets[0], status_code: 404 }, 'fragment_routes'),
    ).toBe('404');
  });
});

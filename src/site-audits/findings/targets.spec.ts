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
        sources: ['http://s/a', 'http://s/b', 'http://s/c'],
      },
      {
        url: 'http://s/old',
        status_code: 404,
        error: null,
        redirect_to: null,
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
});

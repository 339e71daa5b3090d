import { parsePage } from '../parse.js';
import { pageSkeletonOf, skeletonDigestOf } from './page-skeleton.js';

const page = (body: string) =>
  parsePage(
    `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`,
    'https://example.com/',
  );

describe('pageSkeletonOf', () => {
  it('reads the body top levels with their roles, ignoring scripts', () => {
    expect(
      pageSkeletonOf(
        page(
          '<header><nav role="navigation"><a href="/">x</a></nav></header><script>1</script><main><h1>A</h1><p>b</p></main><footer>f</footer>',
        ),
      ),
    ).toBe('header(nav[navigation](a)),main(h1,p),footer');
  });

  it('counts a run of the same element once: a list of 3 and of 30 are one structure', () => {
    const items = (n: number) =>
      `<main><ul>${'<li><a href="/x">x</a></li>'.repeat(n)}</ul></main>`;
    expect(skeletonDigestOf(page(items(3)))).toBe(
      skeletonDigestOf(page(items(30))),
    );
  });

  it('ignores text and elements deeper than its depth', () => {
    expect(
      skeletonDigestOf(
        page('<main><article><p>One <b>two</b></p></article></main>'),
      ),
    ).toBe(
      skeletonDigestOf(
        page('<main><article><p>Other <i>words</i> here</p></article></main>'),
      ),
    );
  });

  it('tells two layouts apart', () => {
    expect(
      skeletonDigestOf(page('<main><article><h1>a</h1></article></main>')),
    ).not.toBe(
      skeletonDigestOf(
        page('<main><section><h2>a</h2><table></table></section></main>'),
      ),
    );
  });
});

import { InvalidTargetUrlError } from '../analysis/index.js';
import { BrowserMissingError } from './errors.js';
import { Renderer } from './renderer.js';

describe('Renderer', () => {
  it.each([
    'file:///etc/passwd',
    'data:text/html,<h1>x</h1>',
    'chrome://version',
    'javascript:alert(1)',
    'http://user:secret@127.0.0.1/',
  ])('refuses %s without launching a browser', async (url) => {
    const renderer = new Renderer({ executablePath: '/nonexistent/chromium' });
    try {
      await expect(renderer.render(url)).rejects.toBeInstanceOf(
        InvalidTargetUrlError,
      );
      expect(renderer.stats().launches).toBe(0);
    } finally {
      await renderer.close();
    }
  });

  it('says what to install when Chromium is missing, and says it again on the next render', async () => {
    const renderer = new Renderer({
      allowHosts: ['127.0.0.1'],
      executablePath: '/nonexistent/chromium',
    });
    try {
      for (let i = 0; i < 2; i++) {
        const failure = renderer.render('http://127.0.0.1:9/');
        await expect(failure).rejects.toBeInstanceOf(BrowserMissingError);
        await expect(failure).rejects.toMatchObject({
          code: 'browser_missing',
          message: expect.stringContaining('apt-get install chromium'),
        });
      }
      expect(renderer.stats()).toMatchObject({ running: 0, open: 0 });
    } finally {
      await renderer.close();
    }
  });
});

import { AddressPolicy } from './address-policy.js';
import {
  assertTargetAllowed,
  InvalidTargetUrlError,
  normaliseTargetUrl,
  parseTargetUrl,
  projectOf,
} from './target-url.js';

describe('parseTargetUrl', () => {
  it.each([
    'https://example.com/pricing',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'https://xn--bcher-kva.example/',
    'https://BÜCHER.example/path?q=1#top',
  ])('accepts %s', (raw) => {
    expect(parseTargetUrl(raw)).toBeInstanceOf(URL);
  });

  it.each([
    ['example.com', 'absolute http or https'],
    ['/relative/path', 'absolute http or https'],
    ['ftp://example.com/', 'absolute http or https'],
    ['javascript:alert(1)', 'absolute http or https'],
    ['https://user:secret@example.com/', 'user name or password'],
    ['https://exa_mple.com/', 'DNS name or an IP address'],
    ['https://-bad.example/', 'DNS name or an IP address'],
    [`https://example.com/${'a'.repeat(2048)}`, 'at most 2048'],
  ])('refuses %s', (raw, message) => {
    expect(() => parseTargetUrl(raw)).toThrow(InvalidTargetUrlError);
    expect(() => parseTargetUrl(raw)).toThrow(message);
  });
});

describe('the 2048-character limit on the stored URL', () => {
  it('refuses a URL that percent-encoding makes longer than 2048 characters', () => {
    // 1,000 characters as sent, 6,000 once each é is stored as %C3%A9.
    const raw = `https://example.com/${'é'.repeat(1000)}`;
    expect(raw.length).toBeLessThan(2048);
    expect(() => parseTargetUrl(raw)).toThrow(InvalidTargetUrlError);
    expect(() => parseTargetUrl(raw)).toThrow(
      'url must be at most 2048 characters long',
    );
  });

  it('accepts a URL whose stored form is exactly 2048 characters', () => {
    const origin = 'https://example.com/';
    const url = parseTargetUrl(`${origin}${'a'.repeat(2048 - origin.length)}`);
    expect(normaliseTargetUrl(url)).toHaveLength(2048);
  });
});

describe('normaliseTargetUrl and projectOf', () => {
  it('lowercases scheme and host, drops the default port and the fragment', () => {
    const url = normaliseTargetUrl(
      parseTargetUrl('HTTPS://WWW.Example.COM:443/Path?a=1#frag'),
    );
    expect(url).toBe('https://www.example.com/Path?a=1');
    expect(projectOf(url)).toBe('example.com');
  });
});

describe('assertTargetAllowed', () => {
  it('refuses loopback spellings that are not allowed', async () => {
    const policy = new AddressPolicy(['127.0.0.1']);
    for (const raw of [
      'http://0x7f.2/',
      'http://2130706434/',
      'http://[::ffff:127.0.0.2]/',
    ]) {
      await expect(
        assertTargetAllowed(parseTargetUrl(raw), policy),
      ).rejects.toMatchObject({
        code: 'blocked',
      });
    }
    await expect(
      assertTargetAllowed(parseTargetUrl('http://127.1:8080/'), policy),
    ).resolves.toBeUndefined();
  });
});

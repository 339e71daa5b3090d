import { randomBytes } from 'node:crypto';
import {
  SHARE_COOKIE_SECONDS,
  acceptsShareCookie,
  issueShareCookie,
} from './share-cookie.js';

describe('share cookie', () => {
  const secret = randomBytes(32);
  const now = 1_800_000_000_000;
  const cookie = issueShareCookie(secret, '42', 3, now);

  it('opens the report and version it was issued for, until it expires', () => {
    expect(acceptsShareCookie(secret, cookie, '42', 3, now)).toBe(true);
    expect(
      acceptsShareCookie(
        secret,
        cookie,
        '42',
        3,
        now + (SHARE_COOKIE_SECONDS - 1) * 1000,
      ),
    ).toBe(true);
    expect(
      acceptsShareCookie(
        secret,
        cookie,
        '42',
        3,
        now + SHARE_COOKIE_SECONDS * 1000,
      ),
    ).toBe(false);
  });

  it('refuses another report, a changed version, a forged or foreign signature', () => {
    expect(acceptsShareCookie(secret, cookie, '43', 3, now)).toBe(false);
    expect(acceptsShareCookie(secret, cookie, '42', 4, now)).toBe(false);
    const [id, version, expires, sig] = cookie.split('.');
    expect(
      acceptsShareCookie(
        secret,
        `${id}.${version}.${Number(expires) + 999}.${sig}`,
        '42',
        3,
        now,
      ),
    ).toBe(false);
    expect(acceptsShareCookie(randomBytes(32), cookie, '42', 3, now)).toBe(
      false,
    );
    expect(acceptsShareCookie(secret, undefined, '42', 3, now)).toBe(false);
    expect(acceptsShareCookie(secret, 'garbage', '42', 3, now)).toBe(false);
  });
});

describe('share cookie subjects', () => {
  it('keeps kinds apart: a report id never opens the audit of the same id', () => {
    const secret = randomBytes(32);
    const reportCookie = issueShareCookie(secret, '7', 1);
    expect(acceptsShareCookie(secret, reportCookie, 'audit-7', 1)).toBe(false);
    const auditCookie = issueShareCookie(secret, 'audit-7', 1);
    expect(acceptsShareCookie(secret, auditCookie, '7', 1)).toBe(false);
    expect(acceptsShareCookie(secret, auditCookie, 'audit-7', 1)).toBe(true);
  });
});

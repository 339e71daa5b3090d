import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('stores a salted scrypt hash that verifies only the right password', async () => {
    const stored = await hashPassword('s3cret pass');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain('s3cret');
    expect(await verifyPassword('s3cret pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret pas', stored)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$1$1$$')).toBe(false);
  });
});

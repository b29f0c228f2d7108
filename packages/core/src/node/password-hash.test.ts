import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hash.js';

describe('password hashes', () => {
  it('encode scrypt with its parameters and a random salt, and verify only the right password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', first)).toBe(false);
  });

  it('verify hashes made with other parameters, and refuse malformed or extreme ones', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('pw', salt, 32, { N: 2 ** 10, r: 4, p: 2 });
    const older = `scrypt$ln=10,r=4,p=2$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('pw', older)).toBe(true);
    expect(await verifyPassword('other', older)).toBe(false);
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', older.replace('ln=10', 'ln=40'))).toBe(false);
    expect(await verifyPassword('pw', DECOY_PASSWORD_HASH)).toBe(false);
  });
});

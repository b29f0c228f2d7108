import { describe, expect, it } from 'vitest';
import { MIN_SECRET_BITS, masterSecretCheck, secretStrengthBits } from './master-secret-check.js';

// Web Crypto, as core's tests import nothing of Node.
const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const base64 = (n: number) => btoa(String.fromCharCode(...random(n)));
const hex = (n: number) => [...random(n)].map((b) => b.toString(16).padStart(2, '0')).join('');

const env = (secret: string) => ({ kind: 'environment', secret }) as const;

describe('the master secret check', () => {
  it('passes random secrets as openssl and the generator make them', () => {
    for (let i = 0; i < 50; i++) {
      for (const secret of [base64(32), hex(16)]) {
        expect(secretStrengthBits(secret)).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
        expect(masterSecretCheck(env(secret), false)).toMatchObject({ ok: true, level: 'pass' });
      }
    }
  });

  it.each([
    ['one character repeated', 'a'.repeat(40)],
    ['a word repeated', 'password'.repeat(4)],
    ['a run of digits', '12345678901234567890123456789012'],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyzABCDEFGH'],
    ['too short', 'k7#Qz!9vR2'],
  ])('fails %s, saying how to make one and never quoting it', (_, secret) => {
    const check = masterSecretCheck(env(secret), false);
    expect(check).toMatchObject({ name: 'master_secret', ok: false, level: 'fail' });
    expect(check.message).toContain('openssl rand -base64 32');
    expect(check.message).not.toContain(secret);
  });

  it('judges the generated file the same way, naming the file', () => {
    const check = masterSecretCheck({ kind: 'file', path: '/srv/svc/secret', secret: 'x'.repeat(64) }, false);
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining('/srv/svc/secret is weak') });
  });

  it('fails a secret file that cannot be read', () => {
    const source = { kind: 'file', path: '/srv/svc/secret', secret: null, problem: 'EACCES' } as const;
    expect(masterSecretCheck(source, false)).toMatchObject({
      ok: false,
      message: expect.stringContaining('/srv/svc/secret cannot be read (EACCES)'),
    });
  });

  it('passes a secret not generated yet, but warns when servers share a database', () => {
    const none = { kind: 'file', path: '/srv/svc/secret', secret: null } as const;
    expect(masterSecretCheck(none, false)).toMatchObject({ ok: true, level: 'pass' });
    expect(masterSecretCheck(none, true)).toMatchObject({ ok: true, level: 'warn' });
    const generated = { ...none, secret: base64(48) };
    expect(masterSecretCheck(generated, true)).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('SVC_SECRET on every server'),
    });
  });
});

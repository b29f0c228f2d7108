import { describe, expect, it } from 'vitest';
import { createOAuthSecrets } from './oauth-secrets.js';

describe('createOAuthSecrets', () => {
  it('derives the same secrets from the same master secret, so a restart keeps them', () => {
    const a = createOAuthSecrets('master-secret-one');
    const b = createOAuthSecrets('master-secret-one');
    expect(b.cookieKeys).toEqual(a.cookieKeys);
    expect(b.signingKey).toEqual(a.signingKey);
    expect(b.clientSecretFor('client_1')).toBe(a.clientSecretFor('client_1'));
  });

  it('derives different secrets from another master secret and for other clients', () => {
    const a = createOAuthSecrets('master-secret-one');
    const c = createOAuthSecrets('master-secret-two');
    expect(c.cookieKeys).not.toEqual(a.cookieKeys);
    expect(c.signingKey.d).not.toBe(a.signingKey.d);
    expect(a.clientSecretFor('client_1')).not.toBe(a.clientSecretFor('client_2'));
  });

  it('signs ID tokens with an Ed25519 key', () => {
    const { signingKey } = createOAuthSecrets('m');
    expect(signingKey).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(signingKey.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts only the anti-forgery token of the same interaction', () => {
    const secrets = createOAuthSecrets('m');
    const token = secrets.csrfTokenFor('uid_1');
    expect(secrets.csrfMatches('uid_1', token)).toBe(true);
    expect(secrets.csrfMatches('uid_2', token)).toBe(false);
    expect(secrets.csrfMatches('uid_1', '')).toBe(false);
    expect(secrets.csrfMatches('uid_1', `${token}x`)).toBe(false);
  });
});

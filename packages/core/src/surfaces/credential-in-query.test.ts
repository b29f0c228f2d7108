import { describe, expect, it } from 'vitest';
import { credentialInQueryRefusal, hasCredentialInQuery } from './credential-in-query.js';

const KEY = `svc_key_${'A'.repeat(26)}.${'b'.repeat(43)}`;

describe('credentials in the query string', () => {
  it('finds parameters named like credentials and our keys anywhere, encoded or not', () => {
    for (const query of [
      'api_key=x',
      'Token=x',
      'access_token=x',
      `q=${KEY}`,
      `q=${encodeURIComponent(KEY)}`,
    ]) {
      expect(hasCredentialInQuery(query), query).toBe(true);
    }
    for (const query of ['', 'limit=5', 'cursor=abc', 'q=%E0%A4%A']) {
      expect(hasCredentialInQuery(query), query).toBe(false);
    }
  });

  it('is missing_api_key without an Authorization header: the URL is never read for a key', () => {
    for (const authorization of [undefined, '', '  ']) {
      const refused = credentialInQueryRefusal(`api_key=${KEY}`, authorization);
      expect(refused?.code).toBe('missing_api_key');
      expect(refused?.message).toMatch(/seen in the URL.*never accepted there.*revoke/);
      expect(refused?.message).not.toContain(KEY);
    }
  });

  it('is api_key_in_url with a header too (RFC 6750: one way to send a token per request)', () => {
    const refused = credentialInQueryRefusal('token=abc', `Bearer ${KEY}`);
    expect(refused?.code).toBe('api_key_in_url');
    expect(refused?.message).toMatch(/URL as well as in the Authorization header.*revoke/);
  });

  it('is nothing without a credential in the query', () => {
    expect(credentialInQueryRefusal('limit=5', undefined)).toBeNull();
    expect(credentialInQueryRefusal('', `Bearer ${KEY}`)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { boundCsrfToken, csrfTokensMatch } from './csrf-token.js';

describe('anti-forgery tokens', () => {
  it('match only the same token, and never a missing one', () => {
    expect(csrfTokensMatch('token-a', 'token-a')).toBe(true);
    expect(csrfTokensMatch('token-a', 'token-b')).toBe(false);
    expect(csrfTokensMatch('token-a', 'token-a-longer')).toBe(false);
    expect(csrfTokensMatch('token-a', undefined)).toBe(false);
  });

  it('bind a token to its subject and key, the same each time', () => {
    const key = Buffer.alloc(32, 7);
    const token = boundCsrfToken(key, 'uid_1');
    expect(boundCsrfToken(key, 'uid_1')).toBe(token);
    expect(boundCsrfToken(key, 'uid_2')).not.toBe(token);
    expect(boundCsrfToken(Buffer.alloc(32, 8), 'uid_1')).not.toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

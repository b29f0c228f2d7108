import { type Actor, type SvcError, svcError } from '@svc/core';
import { err, type Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { apiKeyOrOAuthVerifier, type BearerVerifier } from './bearer-verifier.js';

/** A verifier that records what it was asked and refuses with its own message. */
function recording(name: string): BearerVerifier & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    async verify(token): Promise<Result<Actor, SvcError>> {
      seen.push(token);
      return err(svcError('invalid_api_key', name));
    },
  };
}

describe('apiKeyOrOAuthVerifier', () => {
  it('sends our keys and exchanged tokens to the key check, and anything else to OAuth', async () => {
    const keys = recording('keys');
    const oauth = recording('oauth');
    const verifier = apiKeyOrOAuthVerifier(keys, oauth);
    const key = `svc_key_01JD0000000000000000000000.${'a'.repeat(43)}`;
    expect((await verifier.verify(key))._unsafeUnwrapErr().message).toBe('keys');
    expect((await verifier.verify('svcmt_sealed-token'))._unsafeUnwrapErr().message).toBe('keys');
    expect(
      (await verifier.verify('Xq3v9Fh0a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r'))._unsafeUnwrapErr().message,
    ).toBe('oauth');
    expect(keys.seen).toEqual([key, 'svcmt_sealed-token']);
    expect(oauth.seen).toEqual(['Xq3v9Fh0a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r']);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../testing/test-deps.js';
import { saveConnection } from './save-connection.js';

const REFRESH = 'refresh-token-of-the-first-consent';

describe('saveConnection', () => {
  const input = {
    ownerId: 'user_1',
    platform: 'youtube' as const,
    platformAccountId: 'UC-1',
    handle: 'chan',
    profileUrl: 'https://youtube.example/chan',
    profileImageUrl: null,
    followerCount: null,
    tokenExpiresAt: null,
  };

  it('seals the tokens, and a reconnect without a refresh token keeps the stored one', async () => {
    const { deps } = createTestDeps();
    const first = (
      await saveConnection(deps, { ...input, credentials: { accessToken: 'a1', refreshToken: REFRESH } })
    )._unsafeUnwrap();
    // A distinctive token: a two-letter one turns up by chance in random ciphertext now and then.
    expect(first.sealedCredentials).not.toContain(REFRESH);
    const again = (
      await saveConnection(deps, {
        ...input,
        handle: 'renamed',
        credentials: { accessToken: 'a2', refreshToken: null },
      })
    )._unsafeUnwrap();
    expect(again.id).toBe(first.id);
    expect(again.handle).toBe('renamed');
    expect(JSON.parse(deps.secretBox.open(again.sealedCredentials ?? ''))).toEqual({
      accessToken: 'a2',
      refreshToken: REFRESH,
    });
  });

  it('takes a new refresh token over the stored one', async () => {
    const { deps } = createTestDeps();
    await saveConnection(deps, { ...input, credentials: { accessToken: 'a1', refreshToken: 'r1' } });
    const again = (
      await saveConnection(deps, { ...input, credentials: { accessToken: 'a2', refreshToken: 'r2' } })
    )._unsafeUnwrap();
    expect(JSON.parse(deps.secretBox.open(again.sealedCredentials ?? '')).refreshToken).toBe('r2');
  });
});

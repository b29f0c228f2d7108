import { describe, expect, it } from 'vitest';
import type { Actor, Scope } from '../../identity/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import {
  createRecordingPlatformGateway,
  TEST_POSTING_OPTIONS,
} from '../../testing/recording-platform-gateway.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { tiktokPrivacyChoices } from './tiktok-privacy-choices.js';

async function setUp(sealed: (seal: (text: string) => string) => string) {
  const gateway = createRecordingPlatformGateway('tiktok');
  const t = createTestDeps({ platforms: { tiktok: gateway } });
  const user = aUser();
  await t.store.users.insertUser(user);
  const account = await t.store.accounts.saveAccount(
    anAccount(user.id, { platform: 'tiktok', sealedCredentials: sealed((x) => t.deps.secretBox.seal(x)) }),
  );
  const actor: Actor = { user, credentialId: 'key_1', scopes: ['account:read'] as Scope[], accountIds: null };
  return { t, account, actor };
}

describe('tiktokPrivacyChoices', () => {
  it("offers the creator's own levels, and none without a TikTok account", async () => {
    const { t, account, actor } = await setUp((seal) =>
      seal(JSON.stringify({ accessToken: 'a', refreshToken: 'r' })),
    );
    expect(await tiktokPrivacyChoices(t.deps, actor, [account])).toEqual({
      levels: TEST_POSTING_OPTIONS.privacyLevels,
      // The creator's live switches come along, for Compose to grey what the creator turned off.
      options: expect.objectContaining({
        privacyLevels: TEST_POSTING_OPTIONS.privacyLevels,
        commentDisabled: TEST_POSTING_OPTIONS.commentDisabled,
        maxVideoDurationSec: TEST_POSTING_OPTIONS.maxVideoDurationSec,
      }),
      postingLimit: null,
      fault: null,
    });
    expect(await tiktokPrivacyChoices(t.deps, actor, [])).toEqual({
      levels: [],
      options: null,
      postingLimit: null,
      fault: null,
    });
  });

  it('falls back to SELF_ONLY when the options cannot be read, naming a fault that was thrown', async () => {
    const { t, account, actor } = await setUp(() => 'not sealed');
    const choices = await tiktokPrivacyChoices(t.deps, actor, [account]);
    expect(choices.levels).toEqual(['SELF_ONLY']);
    if (choices.fault !== null) expect(choices.fault.accountId).toBe(account.id);
  });
});

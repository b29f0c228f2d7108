import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import { tiktokPrivacyChoices } from '../../accounts/index.js';
import type { Actor, Scope } from '../../identity/index.js';
import { aMediaAsset, anAccount, aUser, seedMediaAsset } from '../../testing/builders.js';
import {
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
  TEST_POSTING_OPTIONS,
} from '../../testing/recording-platform-gateway.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createPosts } from './create-posts.js';

// Post creation checks TikTok posts against the creator's live options (spec 4.2: a wrong level
// returns the allowed levels).
describe('createPosts with TikTok creator options', () => {
  let t: TestDeps;
  let gateway: RecordingPlatformGateway;
  let creator: ConnectedAccount;
  let actor: Actor;
  let mediaId: string;

  const payload = (tiktok: Record<string, unknown>) => ({
    platforms: ['tiktok'],
    caption: 'New video',
    title: 'New video',
    mediaId,
    platformMeta: { tiktok },
  });
  const create = (body: unknown) => createPosts(t.deps, actor, body, { requireScheduledTime: false });
  const onlyLevels = (...privacyLevels: string[]) =>
    gateway.scriptPostingOptions({ kind: 'options', options: { ...TEST_POSTING_OPTIONS, privacyLevels } });

  beforeEach(async () => {
    gateway = createRecordingPlatformGateway('tiktok');
    t = createTestDeps({ platforms: { tiktok: gateway } });
    const user = aUser();
    await t.store.users.insertUser(user);
    creator = await t.store.accounts.saveAccount(
      anAccount(user.id, {
        platform: 'tiktok',
        handle: 'creator',
        sealedCredentials: t.deps.secretBox.seal(JSON.stringify({ accessToken: 'a1' })),
      }),
    );
    actor = { user, credentialId: 'key_1', scopes: ['post:write'] as Scope[], accountIds: null };
    const video = await seedMediaAsset(
      t.store.media,
      aMediaAsset(user.id, { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 30_000 }),
    );
    mediaId = video.id;
  });

  it('refuses a level the creator does not allow, naming the allowed ones, and writes nothing', async () => {
    onlyLevels('SELF_ONLY', 'FOLLOWER_OF_CREATOR');
    const error = (await create(payload({ privacyLevel: 'PUBLIC_TO_EVERYONE' })))._unsafeUnwrapErr();
    expect(error).toMatchObject({
      code: 'privacy_level_not_allowed',
      details: {
        field: 'platformMeta.tiktok.privacyLevel',
        profileId: creator.id,
        allowedPrivacyLevels: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR'],
      },
    });
    expect(error.message).toContain('SELF_ONLY, FOLLOWER_OF_CREATOR');
    expect(await t.store.posts.nextDueAt()).toBeNull();
  });

  it('accepts an allowed level, and reuses the options for the next post', async () => {
    onlyLevels('SELF_ONLY');
    (await create(payload({ privacyLevel: 'SELF_ONLY' })))._unsafeUnwrap();
    (await create({ ...payload({ privacyLevel: 'SELF_ONLY' }), caption: 'Another' }))._unsafeUnwrap();
    expect(gateway.postingOptionsCalls).toHaveLength(1);
  });

  it('refuses a video longer than the creator may post', async () => {
    gateway.scriptPostingOptions({
      kind: 'options',
      options: { ...TEST_POSTING_OPTIONS, maxVideoDurationSec: 15 },
    });
    const error = (await create(payload({ privacyLevel: 'SELF_ONLY' })))._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'video_too_long', details: { maxDurationSec: 15 } });
  });

  it('warns that interactions the creator turned off stay off', async () => {
    gateway.scriptPostingOptions({
      kind: 'options',
      options: { ...TEST_POSTING_OPTIONS, commentDisabled: true, duetDisabled: true },
    });
    const created = (await create(payload({ privacyLevel: 'SELF_ONLY', disableDuet: true })))._unsafeUnwrap();
    expect(created.warnings.filter((w) => w.code === 'interaction_disabled').map((w) => w.field)).toEqual([
      'platformMeta.tiktok.disableComment',
    ]);
  });

  it("accepts a scheduled post with TikTok's posting-limit message when the creator cannot post now", async () => {
    gateway.scriptPostingOptions({ kind: 'cannot_post', reason: 'the daily limit of posts is reached' });
    const created = (await create(payload({ privacyLevel: 'PUBLIC_TO_EVERYONE' })))._unsafeUnwrap();
    const warning = created.warnings.find((w) => w.code === 'posting_limit_reached');
    expect(warning).toMatchObject({ severity: 'warning', platform: 'tiktok', field: 'platformMeta.tiktok' });
    expect(warning?.message).toContain('@creator post right now: the daily limit of posts is reached');
    expect(warning?.message).toContain('Try again later');
  });

  it('tells Compose the creator options, or the posting-limit message, with the levels to offer', async () => {
    gateway.scriptPostingOptions({
      kind: 'options',
      options: { ...TEST_POSTING_OPTIONS, privacyLevels: ['SELF_ONLY'], commentDisabled: true },
    });
    const reader: Actor = { ...actor, scopes: ['account:read'] };
    const open = await tiktokPrivacyChoices(t.deps, reader, [creator]);
    expect(open).toMatchObject({
      levels: ['SELF_ONLY'],
      postingLimit: null,
      options: { commentDisabled: true },
    });
    t.deps.postingOptionsCache.forget(creator.id);
    gateway.scriptPostingOptions({ kind: 'cannot_post', reason: 'banned from posting for a while' });
    const limited = await tiktokPrivacyChoices(t.deps, reader, [creator]);
    expect(limited).toMatchObject({ levels: ['SELF_ONLY'], options: null });
    expect(limited.postingLimit).toContain('banned from posting for a while');
    expect(limited.postingLimit).toContain('Try again later');
  });

  it('accepts the post with a warning when TikTok cannot be asked now', async () => {
    gateway.scriptPostingOptions({ kind: 'unavailable', reason: 'timeout' });
    const created = (await create(payload({ privacyLevel: 'PUBLIC_TO_EVERYONE' })))._unsafeUnwrap();
    expect(created.postIds).toHaveLength(1);
    const warning = created.warnings.find((w) => w.code === 'posting_options_unchecked');
    expect(warning?.message).toContain('checked again before the post is published');
  });
});

// TikTok pulls photos by link only from a verified domain or URL prefix; a server with real TikTok
// and none configured refuses photo posts when they are scheduled, not hours later when they fail.
describe('createPosts with TikTok photos and the verified media prefix', () => {
  const setUp = async (photoPullPrefix: string | null) => {
    const gateway = { ...createRecordingPlatformGateway('tiktok'), photoPullPrefix };
    const t = createTestDeps({ platforms: { tiktok: gateway } });
    const user = aUser();
    await t.store.users.insertUser(user);
    const creator = await t.store.accounts.saveAccount(
      anAccount(user.id, {
        platform: 'tiktok',
        handle: 'creator',
        sealedCredentials: t.deps.secretBox.seal(JSON.stringify({ accessToken: 'a1' })),
      }),
    );
    const actor: Actor = { user, credentialId: 'key_1', scopes: ['post:write'], accountIds: null };
    const seed = (contentType: string, durationMs: number | null) =>
      seedMediaAsset(
        t.store.media,
        aMediaAsset(user.id, { contentType, width: 1080, height: 1920, durationMs }),
      );
    const create = async (mediaIds: string[]) =>
      createPosts(
        t.deps,
        actor,
        {
          platforms: ['tiktok'],
          caption: 'Day one',
          title: 'Day one',
          mediaIds,
          platformMeta: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } },
        },
        { requireScheduledTime: false },
      );
    return { t, creator, seed, create };
  };

  it('refuses a photo post when no prefix is configured, naming the setting, and writes nothing', async () => {
    const { t, creator, seed, create } = await setUp(null);
    const photo = await seed('image/jpeg', null);
    const error = (await create([photo.id]))._unsafeUnwrapErr();
    expect(error).toMatchObject({
      code: 'tiktok_url_not_verified',
      message: expect.stringContaining('TIKTOK_VERIFIED_MEDIA_PREFIX'),
      details: { field: 'media', profileId: creator.id, setting: 'TIKTOK_VERIFIED_MEDIA_PREFIX' },
    });
    expect(
      await t.store.posts.listPosts({
        ownerId: creator.ownerId,
        statuses: null,
        accountIds: null,
        limit: 10,
        after: null,
      }),
    ).toMatchObject({ posts: [] });
  });

  it('takes videos without a prefix, and photos once a prefix is configured', async () => {
    const without = await setUp(null);
    const video = await without.seed('video/mp4', 30_000);
    expect((await without.create([video.id])).isOk()).toBe(true);
    const withPrefix = await setUp('https://media.example.com/');
    const photo = await withPrefix.seed('image/jpeg', null);
    expect((await withPrefix.create([photo.id])).isOk()).toBe(true);
  });
});

import type { Post } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import { aMediaAsset, aPost, aUser, createMemoryStore, createStaticFetcher } from '@svc/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublisher, createYouTubeGateway, DEFAULT_PUBLISHER_OPTIONS } from '../src/index.js';
import { type SandboxHarness, startSandbox } from './platforms/sandbox-harness.js';
import { KIB_256, sha256, storedShort, youtubeConfig } from './platforms/youtube-harness.js';

// The real engine, the YouTube adapter and the simulator over HTTP: a stored video goes from a
// scheduled row to a Short (or to `failed` with a reason), through every failure class.
const box = createAesGcmSecretBox('engine-sandbox-secret-of-32-characters');

const harnesses: SandboxHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

async function world() {
  const h = await startSandbox();
  harnesses.push(h);
  const store = createMemoryStore();
  const owner = aUser();
  await store.users.insertUser(owner);
  const minted = h.account('youtube', 'shorts_shop');
  const account = await store.accounts.saveAccount({
    ...minted.account,
    ownerId: owner.id,
    sealedCredentials: box.seal(JSON.stringify(minted.credentials)),
  });
  const publisher = createPublisher(
    {
      store,
      clock: h.clock,
      secretBox: box,
      gateways: { youtube: createYouTubeGateway(youtubeConfig(h, createStaticFetcher())) },
      mediaUrl: (id) => id,
      logger: { info() {}, warn() {}, error() {} },
      sleep: async (ms) => h.clock.advance(ms),
      random: () => 0,
    },
    { ...DEFAULT_PUBLISHER_OPTIONS, leaseOwner: 'it', retryBaseMs: 1_000 },
  );
  /** Stores a vertical video of `size` bytes as the owner's asset and schedules a Short of it, due now. */
  const schedule = async (title: string, size = 2 * KIB_256 + 100) => {
    const media = await storedShort(h, size);
    const asset = aMediaAsset(owner.id, {
      contentType: 'video/mp4',
      sizeBytes: size,
      width: 1080,
      height: 1920,
      durationMs: 30_000,
      blobKey: media.blobKey,
    });
    await store.media.addMediaAsset(asset, { storageLimitBytes: 1e12, sourceUrl: null });
    const post: Post = aPost(owner.id, account.id, {
      platforms: ['youtube'],
      caption: 'Made in the sandbox',
      title,
      media: [{ kind: 'asset', mediaId: asset.id }],
      scheduledTime: h.clock.now(),
      dueAt: h.clock.now(),
    });
    await store.posts.insertPosts({
      ownerId: owner.id,
      at: h.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
    return { id: post.id, bytes: media.bytes };
  };
  const outcome = async (id: string) => (await store.posts.getPost(id)) as Post;
  /** Runs the publisher, moving the clock to each retry, until the post settles. */
  const publish = async (id: string, maxRounds = 20) => {
    for (let round = 0; round < maxRounds; round++) {
      await publisher.drain();
      const post = await outcome(id);
      if (post.status === 'posted' || post.status === 'failed') return post;
      if (post.dueAt !== null) h.clock.set(post.dueAt);
    }
    return outcome(id);
  };
  const storedCredentials = async () =>
    JSON.parse(box.open((await store.accounts.getAccount(account.id))?.sealedCredentials ?? ''));
  return { h, store, account, minted, schedule, publish, outcome, publisher, storedCredentials };
}

describe('engine + YouTube adapter + simulator', () => {
  it('publishes a Short from our storage, bytes intact, with its link', async () => {
    const w = await world();
    const { id, bytes } = await w.schedule('Engine Short #Shorts');
    const post = await w.publish(id);
    expect(post, post.failedReason ?? '').toMatchObject({ status: 'posted', attempts: 1 });
    const [published] = w.h.sandbox.control.published('youtube');
    expect(published).toMatchObject({
      caption: 'Engine Short #Shorts',
      accountId: w.account.platformAccountId,
      upload: { sizeBytes: bytes.length, sha256: sha256(bytes) },
    });
    expect(post.platformPostId).toBe(published?.id);
    expect(post.permalink).toBe(published?.permalink);
  });

  it('a refused refresh marks the account for reconnection and fails the post saying so', async () => {
    const w = await world();
    w.h.sandbox.control.invalidateTokensOf('youtube', w.account.platformAccountId, 0);
    const post = await w.publish((await w.schedule('Revoked')).id);
    expect(post.status).toBe('failed');
    expect(post.failedReason).toMatch(
      /^Reconnect the YouTube account @shorts_shop, then schedule the post again\./,
    );
    expect((await w.store.accounts.getAccount(w.account.id))?.needsReconnect).toBe(true);
    expect(w.h.sandbox.control.published('youtube')).toEqual([]);
  });

  it('a token close to expiry is refreshed before publishing, keeping the refresh token', async () => {
    const w = await world();
    w.h.clock.advance(57 * 60_000);
    const refreshedAt = w.h.clock.now().getTime();
    const post = await w.publish((await w.schedule('Fresh token')).id);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    const stored = await w.storedCredentials();
    expect(stored.accessToken).not.toBe(w.minted.credentials.accessToken);
    expect(stored.refreshToken).toBe(w.minted.credentials.refreshToken);
    expect((await w.store.accounts.getAccount(w.account.id))?.tokenExpiresAt).toEqual(
      new Date(refreshedAt + 3_599_000),
    );
  });

  it('an access token refused mid-publish is refreshed and the publish goes on', async () => {
    const w = await world();
    w.h.sandbox.control.expireToken(String(w.minted.credentials.accessToken));
    const post = await w.publish((await w.schedule('Expired token')).id);
    expect(post, post.failedReason ?? '').toMatchObject({ status: 'posted', attempts: 1 });
  });

  it('a backendError is retried and the Short published once', async () => {
    const w = await world();
    const post = await w.publish((await w.schedule('Flaky #sandbox-transient')).id);
    expect(post).toMatchObject({ status: 'posted', attempts: 2 });
    expect(w.h.sandbox.control.published('youtube')).toHaveLength(1);
  });

  it('a rejected video fails the post with the reason', async () => {
    const w = await world();
    const post = await w.publish((await w.schedule('Rejected #sandbox-fail')).id);
    expect(post).toMatchObject({ status: 'failed', attempts: 1 });
    expect(post.failedReason).toMatch(/YouTube rejected the video because it violates the Terms of Service/);
  });

  it('a used-up quota defers the post, uncounted, to midnight Pacific time; then it goes out', async () => {
    const w = await world();
    w.h.sandbox.control.setQuota('youtube', 0);
    const { id } = await w.schedule('Over quota');
    await w.publisher.drain();
    const deferred = await w.outcome(id);
    expect(deferred).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(deferred.dueAt).toEqual(new Date('2026-01-16T08:00:00.000Z'));
    w.h.sandbox.control.setQuota('youtube', 10_000);
    const post = await w.publish(id);
    expect(post.status, post.failedReason ?? '').toBe('posted');
  });

  it('a crash after a chunk arrived (answer lost) resumes from what YouTube has: one video', async () => {
    const w = await world();
    let chunks = 0;
    w.h.sandbox.control.intercept((call, phase) => {
      if (call.operation === 'youtube.upload_chunk' && phase === 'after' && ++chunks === 2)
        throw new Error('lost');
    });
    const { id, bytes } = await w.schedule('Crash mid-upload', 3 * KIB_256 + 1);
    const post = await w.publish(id);
    expect(post).toMatchObject({ status: 'posted', attempts: 2 });
    expect(w.h.sandbox.control.published('youtube').map((p) => p.upload)).toEqual([
      { sizeBytes: bytes.length, sha256: sha256(bytes) },
    ]);
    expect(chunks).toBe(4);
  });
});

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaRef, Post } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import { aMediaAsset, aPost, aUser, createMemoryStore, seedMediaAsset } from '@svc/core/testing';
import { SANDBOX_APPS, type SandboxCall } from '@svc/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublisher, createTikTokGateway, DEFAULT_PUBLISHER_OPTIONS } from '../src/index.js';
import { type SandboxHarness, startSandbox } from './platforms/sandbox-harness.js';

// The real engine, the TikTok adapter and the TikTok simulator over HTTP: stored videos uploaded
// in chunks and photo sets pulled by link, from a scheduled row to `posted` or `failed`.
const MIB = 1024 * 1024;
const box = createAesGcmSecretBox('engine-sandbox-secret-of-32-characters');
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

const harnesses: SandboxHarness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.close();
});

function videoBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 2048) bytes.writeUInt32BE(i, i);
  return bytes;
}

async function world() {
  const h = await startSandbox();
  harnesses.push(h);
  const store = createMemoryStore();
  const owner = aUser();
  await store.users.insertUser(owner);
  const minted = h.account('tiktok', 'bea_shop');
  const account = await store.accounts.saveAccount({
    ...minted.account,
    ownerId: owner.id,
    sealedCredentials: box.seal(JSON.stringify(minted.credentials)),
  });
  const links = new Map<string, string>();
  const gateway = createTikTokGateway({
    ...SANDBOX_APPS.tiktok,
    hosts: h.endpoints.tiktok,
    clock: h.clock,
    blobs: h.blobs,
    profileUrl: (username) => `${h.baseUrl}/sandbox/tiktok/@${username}`,
    postUrl: (username, id) => `${h.baseUrl}/sandbox/tiktok/@${username}/video/${id}`,
    chunkSizeBytes: 5 * MIB,
  });
  const publisher = createPublisher(
    {
      store,
      clock: h.clock,
      secretBox: box,
      gateways: { tiktok: gateway },
      mediaUrl: (id) => links.get(id) ?? `${h.baseUrl}/missing/${id}`,
      logger: { info() {}, warn() {}, error() {} },
      sleep: async (ms) => h.clock.advance(ms),
      random: () => 0,
    },
    { ...DEFAULT_PUBLISHER_OPTIONS, leaseOwner: 'it', retryBaseMs: 1_000 },
  );
  /** Stores bytes as the service does at creation: a blob and an active asset the post refers to. */
  const asset = async (bytes: Buffer, contentType: string, durationMs: number | null): Promise<MediaRef> => {
    const stored = await h.stored(bytes, { contentType, width: 1080, height: 1920, durationMs });
    const seeded = await seedMediaAsset(
      store.media,
      aMediaAsset(owner.id, {
        contentType,
        sizeBytes: bytes.length,
        width: 1080,
        height: 1920,
        durationMs,
        blobKey: stored.blobKey,
      }),
    );
    links.set(seeded.id, stored.url);
    return { kind: 'asset', mediaId: seeded.id };
  };
  const schedule = async (caption: string, media: MediaRef[], privacyLevel = 'PUBLIC_TO_EVERYONE') => {
    const post: Post = aPost(owner.id, account.id, {
      platforms: ['tiktok'],
      caption,
      title: caption.slice(0, 40),
      media,
      platformMeta: { tiktok: { privacyLevel } },
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
    return post.id;
  };
  const outcome = async (id: string) => (await store.posts.getPost(id)) as Post;
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
  return { h, store, account, minted, publisher, asset, schedule, publish, outcome, storedCredentials };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('engine + TikTok adapter + simulator', () => {
  it('publishes a stored video uploaded in chunks, byte for byte', async () => {
    const w = await world();
    const bytes = videoBytes(10 * MIB + 1);
    const post = await w.publish(
      await w.schedule('A video #fyp', [await w.asset(bytes, 'video/mp4', 12_000)]),
    );
    expect(post.status, post.failedReason ?? '').toBe('posted');
    const [published] = w.h.sandbox.control.published('tiktok');
    expect(published).toMatchObject({
      kind: 'VIDEO',
      caption: 'A video #fyp',
      upload: { sizeBytes: bytes.length, sha256: sha256(bytes) },
    });
    expect(post.platformPostId).toBe(published?.id);
    expect(post.permalink).toBe(published?.permalink);
    expect(post.permalink?.startsWith(`${w.h.baseUrl}/sandbox/tiktok/@bea_shop/video/`)).toBe(true);
  });

  it('publishes a set of three photos by link', async () => {
    const w = await world();
    const photo = await w.asset(JPEG, 'image/jpeg', null);
    const post = await w.publish(await w.schedule('Three photos', [photo, photo, photo]));
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(w.h.sandbox.control.published('tiktok')).toEqual([
      expect.objectContaining({ kind: 'PHOTO', children: 3, permalink: post.permalink }),
    ]);
  });

  it('fails a rejected post at once, and retries a transient error into one post', async () => {
    const w = await world();
    const clip = await w.asset(videoBytes(2_000), 'video/mp4', 5_000);
    const failed = await w.publish(await w.schedule('Launch #sandbox-fail', [clip]));
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.failedReason).toContain('spam_risk_text');
    const flaky = await w.publish(await w.schedule('Flash sale #sandbox-transient', [clip]));
    expect(flaky).toMatchObject({ status: 'posted', attempts: 2 });
    expect(w.h.sandbox.control.published('tiktok')).toHaveLength(1);
  });

  it('defers a post, uncounted, while the daily cap is reached', async () => {
    const w = await world();
    w.h.sandbox.control.setQuota('tiktok', 0);
    const id = await w.schedule('Over the cap', [await w.asset(JPEG, 'image/jpeg', null)]);
    await w.publisher.drain();
    const deferred = await w.outcome(id);
    expect(deferred).toMatchObject({ status: 'scheduled', attempts: 0 });
    expect(deferred.dueAt?.getTime()).toBe(w.h.clock.now().getTime() + 86_400_000);
    w.h.sandbox.control.setQuota('tiktok', 15);
    const post = await w.publish(id);
    expect(post.status, post.failedReason ?? '').toBe('posted');
  });

  it('refreshes a token about to expire first, storing the rotated refresh token', async () => {
    const w = await world();
    w.h.clock.advance(24 * 3_600_000 - 5 * 60_000); // 5 minutes left of the 24-hour token
    const post = await w.publish(await w.schedule('Fresh token', [await w.asset(JPEG, 'image/jpeg', null)]));
    expect(post.status, post.failedReason ?? '').toBe('posted');
    const stored = await w.storedCredentials();
    expect(stored.accessToken).not.toBe(w.minted.credentials.accessToken);
    expect(stored.refreshToken).not.toBe(w.minted.credentials.refreshToken);
    expect(Object.keys(stored).sort()).toEqual([
      'accessToken',
      'openId',
      'refreshExpiresAt',
      'refreshToken',
      'scope',
    ]);
  });

  it('marks the account for reconnection when TikTok refuses its tokens for good', async () => {
    const w = await world();
    w.h.sandbox.control.invalidateTokensOf('tiktok', w.account.platformAccountId, 460);
    const post = await w.publish(await w.schedule('Revoked', [await w.asset(JPEG, 'image/jpeg', null)]));
    expect(post.status).toBe('failed');
    expect(post.failedReason).toMatch(/^Reconnect the TikTok account @bea_shop/);
    expect((await w.store.accounts.getAccount(w.account.id))?.needsReconnect).toBe(true);
  });

  it('survives a chunk whose answer was lost: one post with the right bytes', async () => {
    const w = await world();
    let chunks = 0;
    w.h.sandbox.control.intercept((call: SandboxCall, phase) => {
      if (call.operation === 'tiktok.upload_chunk' && phase === 'after' && ++chunks === 2)
        throw new Error('lost');
    });
    const bytes = videoBytes(15 * MIB + 5);
    const post = await w.publish(
      await w.schedule('Bumpy upload', [await w.asset(bytes, 'video/mp4', 20_000)]),
    );
    expect(post).toMatchObject({ status: 'posted', attempts: 2 });
    expect(chunks).toBe(3);
    expect(w.h.sandbox.control.published('tiktok')).toEqual([
      expect.objectContaining({ upload: { sizeBytes: bytes.length, sha256: sha256(bytes) } }),
    ]);
  });
});

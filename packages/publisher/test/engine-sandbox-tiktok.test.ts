import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaRef } from '@svc/core';
import type { SandboxCall } from '@svc/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { sha256 } from './platforms/sandbox-harness.js';
import { MIB, makeTikTokGateway, PUBLIC, videoBytes } from './platforms/tiktok-harness.js';

// The real engine, the TikTok adapter and the TikTok simulator over HTTP: stored videos uploaded
// in chunks and photo sets pulled by link, from a scheduled row to `posted` or `failed`.
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));

afterEach(closeEngineWorlds);

async function world() {
  const w = await startEngineWorld({ platform: 'tiktok', handle: 'bea_shop', gateway: makeTikTokGateway });
  /** A stored vertical asset (TikTok wants 9:16). */
  const asset = (bytes: Buffer, contentType: string, durationMs: number | null) =>
    w.storeAsset(bytes, { contentType, width: 1080, height: 1920, durationMs });
  /** A public post, titled with the caption's start (photo posts show a title above it). */
  const schedule = (caption: string, media: MediaRef[]) =>
    w.schedule({ caption, title: caption.slice(0, 40), media, platformMeta: PUBLIC });
  return { ...w, asset, schedule };
}

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

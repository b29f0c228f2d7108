import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { sha256 } from './platforms/sandbox-harness.js';
import { KIB_256, makeYouTubeGateway, SHORT } from './platforms/youtube-harness.js';

// The real engine, the YouTube adapter and the simulator over HTTP: a stored video goes from a
// scheduled row to a Short (or to `failed` with a reason), through every failure class.
afterEach(closeEngineWorlds);

async function world() {
  const w = await startEngineWorld({
    platform: 'youtube',
    handle: 'shorts_shop',
    gateway: makeYouTubeGateway,
  });
  /** Stores a Short of `size` random bytes as the owner's asset and schedules it, due now. */
  const schedule = async (title: string, size = 2 * KIB_256 + 100) => {
    // Random, so two videos never share a blob.
    const bytes = randomBytes(size);
    const media = [await w.storeAsset(bytes, SHORT)];
    return { id: await w.schedule({ caption: 'Made in the sandbox', title, media }), bytes };
  };
  return { ...w, schedule };
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

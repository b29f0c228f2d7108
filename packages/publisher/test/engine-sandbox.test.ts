import type { MediaRef, PlatformGateway } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFacebookGateway, createInstagramGateway, createThreadsGateway } from '../src/index.js';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { type SandboxHarness, sandboxApp } from './platforms/sandbox-harness.js';

// The real engine, the real adapters and the sandbox simulators over HTTP: every media shape of
// the three Meta platforms and every failure class, from a scheduled row to `posted` or `failed`.
type MetaPlatform = 'instagram' | 'threads' | 'facebook';
const GATEWAYS: Record<MetaPlatform, (h: SandboxHarness) => PlatformGateway> = {
  instagram: (h) => createInstagramGateway(sandboxApp(h, 'instagram')),
  threads: (h) => createThreadsGateway(sandboxApp(h, 'threads')),
  facebook: (h) => createFacebookGateway(sandboxApp(h, 'facebook')),
};

afterEach(closeEngineWorlds);

async function world(platform: MetaPlatform) {
  const w = await startEngineWorld({ platform, handle: `${platform}_shop`, gateway: GATEWAYS[platform] });
  /** One of the media files the harness serves, by link. */
  const link = (path: string): MediaRef => ({ kind: 'link', url: `${w.h.baseUrl}/media/${path}` });
  const schedule = (caption: string, media: MediaRef[]) => w.schedule({ caption, media });
  return { ...w, link, schedule };
}

const onPlatform = (h: SandboxHarness, caption: string) =>
  h.sandbox.control.published().filter((p) => p.caption === caption);

describe('engine + adapters + simulators', () => {
  const shapes: Array<[MetaPlatform, string, string[], string, number]> = [
    ['instagram', 'an image', ['image.jpg'], 'IMAGE', 0],
    ['instagram', 'a reel', ['video.mp4'], 'REELS', 0],
    ['instagram', 'a carousel of three', ['image.jpg', 'image.jpg', 'video.mp4'], 'CAROUSEL', 3],
    ['threads', 'a text post', [], 'TEXT', 0],
    ['threads', 'an image', ['image.jpg'], 'IMAGE', 0],
    ['threads', 'a video', ['video.mp4'], 'VIDEO', 0],
    ['threads', 'the first slide of several', ['image.jpg', 'video.mp4'], 'IMAGE', 0],
    ['facebook', 'a feed post', [], 'feed', 0],
    ['facebook', 'a photo', ['image.jpg'], 'photo', 0],
    ['facebook', 'a reel', ['video.mp4'], 'reel', 0],
  ];
  for (const [platform, shape, files, kind, children] of shapes) {
    it(`publishes ${shape} to ${platform}`, async () => {
      const w = await world(platform);
      const caption = `${platform} ${shape}`;
      const post = await w.publish(await w.schedule(caption, files.map(w.link)));
      expect(post.status, post.failedReason ?? '').toBe('posted');
      const published = onPlatform(w.h, caption);
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({ kind, children });
      expect(post.permalink).toBe(published[0]?.permalink);
      expect(post.permalink?.startsWith(`${w.h.baseUrl}/sandbox/${platform}/`)).toBe(true);
      expect(post.platformPostId).toBeTruthy();
    });
  }

  for (const platform of ['instagram', 'threads', 'facebook'] as const) {
    const media = platform === 'instagram' ? ['image.jpg'] : [];

    it(`${platform}: a permanent refusal fails the post at once with the platform's reason`, async () => {
      const w = await world(platform);
      const post = await w.publish(await w.schedule('Launch day #sandbox-fail', media.map(w.link)));
      expect(post).toMatchObject({ status: 'failed', attempts: 1 });
      expect(post.failedReason).toMatch(/sandbox-fail/);
      expect(onPlatform(w.h, 'Launch day #sandbox-fail')).toHaveLength(0);
    });

    it(`${platform}: a transient error is retried and then published once`, async () => {
      const w = await world(platform);
      const caption = 'Flash sale #sandbox-transient';
      const post = await w.publish(await w.schedule(caption, media.map(w.link)));
      expect(post).toMatchObject({ status: 'posted', attempts: 2 });
      expect(onPlatform(w.h, caption)).toHaveLength(1);
    });

    it(`${platform}: an exhausted publishing quota defers the post, uncounted, until the quota frees`, async () => {
      const w = await world(platform);
      const quota = platform === 'facebook' ? 'facebookReels' : platform;
      w.h.sandbox.control.setQuota(quota, 0);
      const files = platform === 'facebook' ? ['video.mp4'] : media;
      const id = await w.schedule('Over quota', files.map(w.link));
      await w.publisher.drain();
      const deferred = await w.outcome(id);
      expect(deferred).toMatchObject({ status: 'scheduled', attempts: 0 });
      expect(deferred.dueAt?.getTime()).toBeGreaterThan(w.h.clock.now().getTime());
      expect(onPlatform(w.h, 'Over quota')).toHaveLength(0);
      w.h.sandbox.control.setQuota(quota, 50);
      const post = await w.publish(id);
      expect(post.status, post.failedReason ?? '').toBe('posted');
      expect(onPlatform(w.h, 'Over quota')).toHaveLength(1);
    });
  }

  for (const platform of ['instagram', 'threads'] as const) {
    const media = platform === 'instagram' ? ['image.jpg'] : [];

    it(`${platform}: a token close to expiry is refreshed before publishing`, async () => {
      const w = await world(platform);
      w.h.clock.advance(55 * 86_400_000); // the 60-day token has 5 days left
      const post = await w.publish(await w.schedule('Refreshed first', media.map(w.link)));
      expect(post.status, post.failedReason ?? '').toBe('posted');
      const account = await w.store.accounts.getAccount(w.account.id);
      const stored = await w.storedCredentials();
      expect(stored.accessToken).not.toBe(w.minted.credentials.accessToken);
      expect(account?.tokenExpiresAt?.getTime()).toBeGreaterThan(w.h.clock.now().getTime() + 59 * 86_400_000);
    });

    it(`${platform}: a token the platform refuses as expired cannot be refreshed, so the account must reconnect`, async () => {
      const w = await world(platform);
      w.h.clock.advance(61 * 86_400_000);
      const post = await w.publish(await w.schedule('Too late', media.map(w.link)));
      expect(post.status).toBe('failed');
      expect(post.failedReason).toMatch(/^Reconnect the (Instagram|Threads) account @/);
      expect((await w.store.accounts.getAccount(w.account.id))?.needsReconnect).toBe(true);
    });
  }

  it('facebook: an invalidated Page token is renewed from the user token and the post goes out', async () => {
    const w = await world('facebook');
    w.h.sandbox.control.invalidateTokensOf('facebook', w.account.platformAccountId, 463);
    const post = await w.publish(await w.schedule('New page token', []));
    expect(post.status, post.failedReason ?? '').toBe('posted');
    const stored = await w.storedCredentials();
    expect(stored.pageAccessToken).not.toBe(w.minted.credentials.pageAccessToken);
    expect(onPlatform(w.h, 'New page token')).toHaveLength(1);
  });
});

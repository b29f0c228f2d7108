import type { MediaRef, PlatformGateway } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFacebookGateway, createInstagramGateway, createThreadsGateway } from '../src/index.js';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { type SandboxHarness, sandboxApp } from './platforms/sandbox-harness.js';
import { KIB_256, makeYouTubeGateway, SHORT } from './platforms/youtube-harness.js';

// The first comment through the real engine, adapters and simulators: posted once under the live
// post, shown on its sandbox page, and never failing the post whatever becomes of it.
type Platform = 'instagram' | 'threads' | 'facebook';
const GATEWAYS: Record<Platform, (h: SandboxHarness) => PlatformGateway> = {
  instagram: (h) => createInstagramGateway(sandboxApp(h, 'instagram')),
  threads: (h) => createThreadsGateway(sandboxApp(h, 'threads')),
  facebook: (h) => createFacebookGateway(sandboxApp(h, 'facebook')),
};
// The operation each simulator names the comment's sending call (Threads: its reply's publish).
const SEND: Record<Platform, string> = {
  instagram: 'instagram.create_comment',
  threads: 'threads.publish',
  facebook: 'facebook.create_comment',
};

afterEach(closeEngineWorlds);

async function world(platform: Platform) {
  const w = await startEngineWorld({ platform, handle: `${platform}_shop`, gateway: GATEWAYS[platform] });
  const media: MediaRef[] =
    platform === 'instagram' ? [{ kind: 'link', url: `${w.h.baseUrl}/media/image.jpg` }] : [];
  const schedule = (caption: string, firstComment: string) =>
    w.schedule({ caption, media, platformMeta: { [platform]: { firstComment } } });
  const page = async (permalink: string | null) => (await fetch(permalink ?? '')).text();
  return { ...w, schedule, page };
}

describe('first comment', () => {
  for (const platform of ['instagram', 'threads', 'facebook'] as const) {
    it(`${platform}: posts it under the live post, once, and the post's page shows it`, async () => {
      const w = await world(platform);
      const post = await w.publish(await w.schedule(`${platform} launch`, 'Link in bio #launch'));
      expect(post.status, post.failedReason ?? '').toBe('posted');
      expect(post.firstComment).toEqual({ status: 'posted', id: expect.any(String), error: null });
      const html = await w.page(post.permalink);
      expect(html.split('Link in bio #launch')).toHaveLength(2);
      // The live post was saved before the comment, and the publish was taken once.
      expect(
        w.h.sandbox.control.published(platform).filter((p) => p.caption === `${platform} launch`),
      ).toHaveLength(1);
    });

    it(`${platform}: a comment whose answer was lost is found, not sent again`, async () => {
      const w = await world(platform);
      let lost = false;
      w.h.sandbox.control.intercept((call, phase) => {
        // Threads: the post's own publish comes first; the reply's is the second.
        if (call.operation !== SEND[platform] || phase !== 'after' || lost) return;
        if (platform === 'threads' && w.h.sandbox.control.published('threads').length < 2) return;
        lost = true;
        throw new Error('connection lost after the comment was made');
      });
      const post = await w.publish(await w.schedule(`${platform} lost`, 'Said once'));
      expect(lost).toBe(true);
      expect(post.status, post.failedReason ?? '').toBe('posted');
      expect(post.firstComment).toMatchObject({ status: 'posted' });
      expect((await w.page(post.permalink)).split('Said once')).toHaveLength(2);
    });

    it(`${platform}: a comment the platform refuses fails alone; the post stays published`, async () => {
      const w = await world(platform);
      // Over every platform's limit: the policy would refuse it, the simulator refuses it here.
      const post = await w.publish(await w.schedule(`${platform} long`, 'x'.repeat(12_000)));
      expect(post.status).toBe('posted');
      expect(post.permalink).not.toBeNull();
      expect(post.firstComment).toMatchObject({ status: 'failed', id: null, error: expect.any(String) });
    });
  }

  async function youtube(scopes?: string) {
    const w = await startEngineWorld({
      platform: 'youtube',
      handle: 'shorts_shop',
      gateway: makeYouTubeGateway,
      ...(scopes === undefined ? {} : { scopes }),
    });
    const media = [await w.storeAsset(Buffer.alloc(2 * KIB_256 + 100, 7), SHORT)];
    const id = await w.schedule({
      caption: 'A Short',
      title: 'Short #Shorts',
      media,
      platformMeta: { youtube: { firstComment: 'Full video on the channel' } },
    });
    return { w, post: await w.publish(id) };
  }

  it('youtube: comments under the processed video with commentThreads.insert; the Short page shows it', async () => {
    const { post } = await youtube();
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(post.firstComment).toEqual({ status: 'posted', id: expect.any(String), error: null });
    expect(
      (await (await fetch(post.permalink ?? '')).text()).split('Full video on the channel'),
    ).toHaveLength(2);
  });

  it('youtube: a channel whose grant lacks youtube.force-ssl has its comment skipped, the video published', async () => {
    const upload =
      'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly';
    const { post } = await youtube(upload);
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(post.firstComment).toMatchObject({
      status: 'skipped',
      id: null,
      error: expect.stringContaining('youtube.force-ssl'),
    });
  });
});

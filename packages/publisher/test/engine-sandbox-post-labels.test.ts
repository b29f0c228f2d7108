import { afterEach, describe, expect, it } from 'vitest';
import { createFacebookGateway } from '../src/index.js';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { sandboxApp } from './platforms/sandbox-harness.js';
import { makeTikTokGateway, videoBytes } from './platforms/tiktok-harness.js';

// Issue 37's TikTok labels and Facebook link preview, from a scheduled row through the real engine
// and adapters to the simulators, read back from what the simulators stored.
afterEach(closeEngineWorlds);

/** A TikTok creator and a stored 8-second vertical video. */
async function tiktokWorld() {
  const w = await startEngineWorld({ platform: 'tiktok', handle: 'bea_shop', gateway: makeTikTokGateway });
  const video = await w.storeAsset(videoBytes(4_000), {
    contentType: 'video/mp4',
    width: 1080,
    height: 1920,
    durationMs: 8_000,
  });
  return { w, video };
}

describe('post options, engine to simulator', () => {
  it('TikTok: a paid partnership for your brand, labelled AI-generated, reaches post_info', async () => {
    const { w, video } = await tiktokWorld();
    const tiktok = {
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      commercialContentDisclosure: true,
      brandContentOptIn: true,
      brandOrganicOptIn: true,
      isAigc: true,
    };
    const post = await w.publish(
      await w.schedule({ caption: 'Made with AI', media: [video], platformMeta: { tiktok } }),
    );
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(w.h.sandbox.control.tiktokPublish(post.platformPostId ?? '')).toMatchObject({
      kind: 'VIDEO',
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      brandContentToggle: true,
      brandOrganicToggle: true,
      isAigc: true,
    });
  });

  it('TikTok: without the options every label goes out false', async () => {
    const { w, video } = await tiktokWorld();
    const platformMeta = { tiktok: { privacyLevel: 'SELF_ONLY' } };
    const post = await w.publish(await w.schedule({ caption: 'Plain', media: [video], platformMeta }));
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(w.h.sandbox.control.tiktokPublish(post.platformPostId ?? '')).toMatchObject({
      brandContentToggle: false,
      brandOrganicToggle: false,
      isAigc: false,
    });
  });

  it('Facebook: a text post with a link preview carries the link to the feed', async () => {
    const w = await startEngineWorld({
      platform: 'facebook',
      handle: 'Bea Bakery',
      gateway: (h) => createFacebookGateway(sandboxApp(h, 'facebook')),
    });
    const platformMeta = { facebook: { link: 'https://bea.example/blog/sourdough' } };
    const post = await w.publish(
      await w.schedule({ caption: 'Our sourdough guide', media: [], platformMeta }),
    );
    expect(post.status, post.failedReason ?? '').toBe('posted');
    expect(w.h.sandbox.control.published('facebook')).toEqual([
      expect.objectContaining({
        id: post.platformPostId,
        kind: 'feed',
        caption: 'Our sourdough guide',
        link: 'https://bea.example/blog/sourdough',
      }),
    ]);
  });
});

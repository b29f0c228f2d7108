import type { JournalEvent } from '@svc/core';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEngineWorlds, type EngineWorld, startEngineWorld } from './engine-world.js';
import { makeTikTokGateway, PUBLIC, videoBytes } from './platforms/tiktok-harness.js';

// TikTok's Get Post Status: public posts go through moderation before `publicaly_available_post_id`
// is given, "usually within one minute", "in some cases a few hours". The real publisher, collector
// and adapter against the simulator holding the id back, on a fake clock.
afterEach(closeEngineWorlds);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function world(moderationMs: number): Promise<{ w: EngineWorld; calls: string[] }> {
  const w = await startEngineWorld({
    platform: 'tiktok',
    handle: 'moderated_co',
    gateway: makeTikTokGateway,
  });
  w.h.sandbox.control.setTikTokApp({ moderation: { afterMs: moderationMs, afterReads: 0 } });
  const calls: string[] = [];
  w.h.sandbox.control.intercept((call, phase) => {
    if (phase === 'before') calls.push(call.operation);
  });
  return { w, calls };
}

async function publishVideo(w: EngineWorld) {
  const video = await w.storeAsset(videoBytes(6 * 1024 * 1024), {
    contentType: 'video/mp4',
    width: 1080,
    height: 1920,
    durationMs: 15_000,
  });
  const id = await w.schedule({ caption: 'Held back', media: [video], platformMeta: PUBLIC });
  return w.publish(id);
}

async function eventsOf(w: EngineWorld, type: JournalEvent['type']) {
  return (await w.store.events.listEvents(null, 1000)).filter((e) => e.type === type);
}

/** Runs the collector at each of these times, in order. */
async function collectAt(w: EngineWorld, publishedAt: Date, offsetsMs: readonly number[]) {
  for (const offset of offsetsMs) {
    w.h.clock.set(new Date(publishedAt.getTime() + offset));
    await w.collector().drain();
  }
}

describe('a TikTok post whose public id comes hours later', () => {
  it('is posted at once without a link, then gets its id, link and one permalink event, and metrics', async () => {
    const { w, calls } = await world(3 * HOUR);
    const posted = await publishVideo(w);
    expect(posted).toMatchObject({ status: 'posted', permalink: null });
    expect(posted.platformPostId).toMatch(/^v_pub_file~/);
    const publishedAt = posted.publishedAt as Date;

    // Asked at 1, 3, 8, 18, 48 and 108 minutes: still in moderation; no metrics asked for.
    await collectAt(
      w,
      publishedAt,
      [1, 3, 8, 18, 48, 108].map((m) => m * MINUTE),
    );
    expect((await w.outcome(posted.id)).permalink).toBeNull();
    expect(calls.filter((c) => c === 'tiktok.video_query')).toEqual([]);
    expect(await eventsOf(w, 'post.permalink_ready')).toEqual([]);

    // Asked at 228 minutes: moderation is over.
    await collectAt(w, publishedAt, [228 * MINUTE]);
    const [published] = w.h.sandbox.control.published('tiktok');
    const revealed = await w.outcome(posted.id);
    expect(revealed).toMatchObject({
      status: 'posted',
      platformPostId: published?.id,
      permalink: published?.permalink,
      publishedAt,
    });
    const ready = await eventsOf(w, 'post.permalink_ready');
    expect(ready).toHaveLength(1);
    expect(ready[0]?.data).toMatchObject({ platformPostId: published?.id, permalink: published?.permalink });
    // The first metrics slot (an hour) has passed: the next round reads it, under the public id.
    await w.collector().drain();
    expect(calls).toContain('tiktok.video_query');
    expect(await w.store.analytics.listSnapshots(posted.id)).toHaveLength(1);
    expect(await eventsOf(w, 'post.permalink_ready')).toHaveLength(1);
  });

  it('a collector that dies between the post and its collection leaves one event, settled by the next', async () => {
    const { w } = await world(2 * MINUTE);
    const posted = await publishVideo(w);
    const publishedAt = posted.publishedAt as Date;
    const analytics = w.store.analytics as { settleAwaitedId: typeof w.store.analytics.settleAwaitedId };
    const settle = analytics.settleAwaitedId.bind(w.store.analytics);
    // The post gets its id and event; the process dies before the collection is settled.
    analytics.settleAwaitedId = async () => {
      throw new Error('killed');
    };
    await collectAt(w, publishedAt, [3 * MINUTE]);
    expect((await w.outcome(posted.id)).permalink).not.toBeNull();
    analytics.settleAwaitedId = settle;
    // Its lease runs out; another collector asks again, changes the post no second time, and settles.
    await collectAt(w, publishedAt, [3 * MINUTE + 5 * MINUTE + 1]);
    expect(await eventsOf(w, 'post.permalink_ready')).toHaveLength(1);
    await collectAt(w, publishedAt, [2 * HOUR]);
    expect(await w.store.analytics.listSnapshots(posted.id)).toHaveLength(1);
  });

  it('stops asking after the hours TikTok allows, leaving the post posted without its link', async () => {
    const { w, calls } = await world(24 * HOUR);
    const posted = await publishVideo(w);
    const publishedAt = posted.publishedAt as Date;
    const statusReads = () => calls.filter((c) => c === 'tiktok.status').length;
    const whenPosted = statusReads();
    await collectAt(
      w,
      publishedAt,
      [1, 3, 8, 18, 48, 108, 228, 348, 600, 2 * 24 * 60].map((m) => m * MINUTE),
    );
    expect(await w.outcome(posted.id)).toMatchObject({ status: 'posted', permalink: null });
    // One ask per check of the schedule, none after it ended.
    expect(statusReads() - whenPosted).toBe(8);
    expect(calls).not.toContain('tiktok.video_query');
    expect(await eventsOf(w, 'post.permalink_ready')).toEqual([]);
  });

  it('publishes a SELF_ONLY post under its publish id, never asking for a public id', async () => {
    const { w, calls } = await world(0);
    const video = await w.storeAsset(videoBytes(6 * 1024 * 1024), {
      contentType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 15_000,
    });
    const id = await w.schedule({
      caption: 'Private',
      media: [video],
      platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY' } },
    });
    const posted = await w.publish(id);
    expect(posted).toMatchObject({ status: 'posted', permalink: null });
    const statusReads = calls.filter((c) => c === 'tiktok.status').length;
    await collectAt(w, posted.publishedAt as Date, [MINUTE, 10 * MINUTE]);
    expect(calls.filter((c) => c === 'tiktok.status').length).toBe(statusReads);
  });
});

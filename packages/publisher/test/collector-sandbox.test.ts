import { answerAnalytics, type PlatformGateway } from '@svc/core';
import {
  type SandboxPlatform,
  SERVICE_METRIC_NAMES,
  simulatedFollowerCount,
  simulatedMetric,
} from '@svc/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { createFacebookGateway, createInstagramGateway, createThreadsGateway } from '../src/index.js';
import { closeEngineWorlds, type EngineWorld, startEngineWorld } from './engine-world.js';
import { type SandboxHarness, sandboxApp } from './platforms/sandbox-harness.js';
import { makeTikTokGateway, PUBLIC, videoBytes } from './platforms/tiktok-harness.js';
import { makeYouTubeGateway, SHORT } from './platforms/youtube-harness.js';

// The real publisher and collector, the real adapters and the simulators over HTTP, on a fake
// clock: a post is published, a day passes, the collector reads it, and every stored figure is
// the simulator's formula at that moment.
afterEach(closeEngineWorlds);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const GATEWAYS: Record<SandboxPlatform, (h: SandboxHarness) => PlatformGateway> = {
  instagram: (h) => createInstagramGateway(sandboxApp(h, 'instagram')),
  threads: (h) => createThreadsGateway(sandboxApp(h, 'threads')),
  facebook: (h) => createFacebookGateway(sandboxApp(h, 'facebook')),
  tiktok: (h) => makeTikTokGateway(h),
  youtube: (h) => makeYouTubeGateway(h),
};

async function publishedPost(w: EngineWorld, platform: SandboxPlatform): Promise<string> {
  const { h } = w;
  const media =
    platform === 'tiktok'
      ? [
          await w.storeAsset(videoBytes(6 * 1024 * 1024), {
            contentType: 'video/mp4',
            width: 1080,
            height: 1920,
            durationMs: 15_000,
          }),
        ]
      : platform === 'youtube'
        ? [await w.storeAsset(videoBytes(512 * 1024), SHORT)]
        : platform === 'instagram'
          ? [{ kind: 'link' as const, url: `${h.baseUrl}/media/image.jpg` }]
          : [];
  const id = await w.schedule({
    caption: `Metrics on ${platform}`,
    title: platform === 'youtube' ? 'A Short' : null,
    media,
    platformMeta: platform === 'tiktok' ? PUBLIC : null,
  });
  const post = await w.publish(id);
  expect(post.status, post.failedReason ?? '').toBe('posted');
  return id;
}

describe.each(Object.keys(GATEWAYS) as SandboxPlatform[])('collector on %s', (platform) => {
  it('reads a published post on schedule, refreshing tokens, and stores the simulator’s figures', async () => {
    const w = await startEngineWorld({
      platform,
      handle: platform === 'facebook' ? 'Metrics Page' : 'metrics_co',
      gateway: GATEWAYS[platform],
    });
    const postId = await publishedPost(w, platform);
    const [publication] = w.h.sandbox.control.published(platform);
    if (publication === undefined) throw new Error('nothing published');

    // Not due before an hour has passed.
    expect(await w.collector().drain()).toEqual({ posts: 0, snapshots: 0 });
    w.h.clock.advance(DAY + HOUR);
    expect(await w.collector().drain()).toEqual({ posts: 1, snapshots: 1 });
    const expected = Object.fromEntries(
      Object.entries(SERVICE_METRIC_NAMES[platform]).map(([ours, theirs]) => [
        ours,
        simulatedMetric(platform, publication.id, theirs, publication.at, w.h.clock.now()),
      ]),
    );
    expect(await w.store.analytics.listSnapshots(postId)).toEqual([
      { postId, slot: 2, collectedAt: w.h.clock.now(), metrics: expected },
    ]);
    // Read once per slot: nothing more is due until three days have passed.
    expect(await w.collector().drain()).toEqual({ posts: 0, snapshots: 0 });
  });
});

describe('follower counts', () => {
  it.each(Object.keys(GATEWAYS) as SandboxPlatform[])(
    'reads the %s account’s followers once a day, and keeps what it read',
    async (platform) => {
      const handle = platform === 'facebook' ? 'Metrics Page' : 'metrics_co';
      const w = await startEngineWorld({ platform, handle, gateway: GATEWAYS[platform] });
      const expected = (at: Date) =>
        // Threads reports followers only through its account insights, which we do not read.
        platform === 'threads' ? null : simulatedFollowerCount(platform, w.account.handle, at);
      w.h.clock.advance(3 * DAY);
      await w.collector().drain();
      expect((await w.store.accounts.getAccount(w.account.id))?.followerCount).toBe(
        expected(w.h.clock.now()),
      );
      const read = w.h.clock.now();
      // Not again the same day; again the next.
      w.h.clock.advance(12 * HOUR);
      await w.collector().drain();
      expect((await w.store.accounts.getAccount(w.account.id))?.followerCount).toBe(expected(read));
      w.h.clock.advance(12 * HOUR + 60_000);
      await w.collector().drain();
      expect((await w.store.accounts.getAccount(w.account.id))?.followerCount).toBe(
        expected(w.h.clock.now()),
      );
    },
  );
});

describe('collector', () => {
  it('survives a collector that died holding a lease: another reads the post once', async () => {
    const w = await startEngineWorld({
      platform: 'threads',
      handle: 'metrics_co',
      gateway: GATEWAYS.threads,
    });
    const postId = await publishedPost(w, 'threads');
    w.h.clock.advance(2 * HOUR);
    // A collector claims and dies before recording (kill -9): its lease runs out.
    await w.store.analytics.followJournal(100);
    const claimed = await w.store.analytics.claimCollections({
      now: w.h.clock.now(),
      leaseOwner: 'dead',
      leaseUntil: new Date(w.h.clock.now().getTime() + 5 * 60_000),
      limit: 10,
    });
    expect(claimed.map((c) => c.postId)).toEqual([postId]);
    expect(await w.collector('alive').drain()).toEqual({ posts: 0, snapshots: 0 });
    w.h.clock.advance(5 * 60_000);
    expect(await w.collector('alive').drain()).toEqual({ posts: 1, snapshots: 1 });
    // The dead collector's late answer lands nowhere: the lease is no longer its own.
    expect(
      await w.store.analytics.recordCollection({
        postId,
        leaseOwner: 'dead',
        at: w.h.clock.now(),
        status: 'collected',
        slot: 0,
        metrics: { views: 1 },
        nextAt: null,
      }),
    ).toBe(false);
    expect(await w.store.analytics.listSnapshots(postId)).toHaveLength(1);
  });

  it('puts reads off on a rate limit, and counts too few viewers as not available', async () => {
    const w = await startEngineWorld({
      platform: 'instagram',
      handle: 'metrics_co',
      gateway: GATEWAYS.instagram,
    });
    const postId = await publishedPost(w, 'instagram');
    const [publication] = w.h.sandbox.control.published('instagram');
    w.h.clock.advance(2 * HOUR);
    w.h.sandbox.control.limitMetrics('instagram');
    expect(await w.collector().drain()).toEqual({ posts: 0, snapshots: 0 });
    expect(await w.store.analytics.listSnapshots(postId)).toEqual([]);
    w.h.sandbox.control.limitMetrics('instagram', null);
    w.h.sandbox.control.denyInsights(publication?.id ?? '');
    w.h.clock.advance(2 * HOUR);
    expect(await w.collector().drain()).toEqual({ posts: 1, snapshots: 0 });
    const window = { days: 30, timezone: 'UTC', from: new Date(0), to: w.h.clock.now(), platforms: [] };
    const range = { from: new Date(0), to: w.h.clock.now() };
    const aggregates = await w.store.analytics.aggregate({
      ownerId: w.account.ownerId,
      accountIds: null,
      periods: {
        window: range,
        week: range,
        previousWeek: range,
        month: range,
        previousMonth: range,
        year: range,
        previousYear: range,
      },
      offsets: [{ ...range, offsetMinutes: 0 }],
      topPosts: 5,
    });
    expect(answerAnalytics(window, aggregates).coverage.instagram).toMatchObject({
      posts: 1,
      missing: [{ reason: 'too_few_viewers', posts: 1 }],
    });
  });
});

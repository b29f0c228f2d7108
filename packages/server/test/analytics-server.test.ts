import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type SandboxPlatform, SERVICE_METRIC_NAMES, simulatedMetric } from '@svc/sandbox';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { verticalVideo } from './vertical-video.js';

// Analytics through the whole server: posts published to all five simulators by the server's
// publisher, their metrics read with `svc analytics collect`, and GET /api/v1/analytics and
// svc_get_analytics answering with what this test computes itself from the stored readings.
const JPEG = readFileSync(join(import.meta.dirname, '../../media/test/fixtures/image.jpg'));
const PLATFORMS: SandboxPlatform[] = ['instagram', 'threads', 'facebook', 'tiktok', 'youtube'];
// What makes engagement (docs/analytics.md), written here independently of the service's tables.
const ENGAGEMENT: Record<SandboxPlatform, string[]> = {
  instagram: ['likes', 'comments', 'shares', 'saves'],
  threads: ['likes', 'replies', 'reposts', 'quotes', 'shares'],
  facebook: ['reactions', 'comments', 'shares'],
  tiktok: ['likes', 'comments', 'shares'],
  youtube: ['likes', 'comments'],
};

describe('analytics through the server', () => {
  let server: SandboxServer;
  let key: string;
  const posts: Partial<Record<SandboxPlatform, string>> = {};

  beforeAll(async () => {
    server = await startSandboxServer();
    server.sandbox.control.setContainerReadyAfter({ image: 0, video: 0 });
    const seeded = await seedUser(server, PLATFORMS);
    key = seeded.key;
    const video = await server.upload(
      key,
      verticalVideo({ durationMs: 4_000, totalBytes: 256 * 1024 }),
      'v.mp4',
    );
    const image = await server.upload(key, JPEG, 'a.jpg');
    const bodies: Record<SandboxPlatform, Record<string, unknown>> = {
      instagram: { caption: 'Metrics on Instagram', mediaIds: [image] },
      threads: { caption: 'Metrics on Threads' },
      facebook: { caption: 'Metrics on Facebook' },
      tiktok: {
        caption: 'Metrics on TikTok',
        title: 'Metrics',
        mediaIds: [video],
        platformMeta: { tiktok: { privacyLevel: 'PUBLIC_TO_EVERYONE' } },
      },
      youtube: { caption: 'Metrics on YouTube', title: 'Metrics', mediaIds: [video] },
    };
    for (const platform of PLATFORMS) {
      const created = await server.call('/api/v1/publish', key, {
        method: 'POST',
        json: { platforms: [platform], profileIds: [seeded.accounts[platform]], ...bodies[platform] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const post = await settled(server, key, created.body.postIds[0], 60_000);
      expect(post.status, post.failedReason).toBe('posted');
      posts[platform] = post.id;
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('collects every published post and answers, on REST and the tool alike, what the readings add up to', async () => {
    const [instagram] = server.sandbox.control.published('instagram');
    // Too few viewers yet on Instagram: its code 10 is "not available", never a failure.
    server.sandbox.control.denyInsights(instagram?.id ?? '');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const collected = await server.cli(['analytics', 'collect', '--email', 'ann@example.com']);
    expect(collected.code, collected.stderr).toBe(0);
    expect(collected.json).toEqual({ posts: 5, snapshots: 4 });

    // The readings as stored, each the simulator's figure at the moment it was read.
    const store = await openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, 'svc.db') });
    const figures: Partial<Record<SandboxPlatform, Record<string, number>>> = {};
    try {
      for (const platform of PLATFORMS) {
        const snapshots = await store.analytics.listSnapshots(posts[platform] ?? '');
        if (platform === 'instagram') {
          expect(snapshots).toEqual([]);
          continue;
        }
        expect(snapshots).toHaveLength(1);
        const [snapshot] = snapshots;
        const [publication] = server.sandbox.control.published(platform);
        if (snapshot === undefined || publication === undefined) throw new Error(`nothing for ${platform}`);
        for (const [ours, theirs] of Object.entries(SERVICE_METRIC_NAMES[platform])) {
          const at = (ms: number) =>
            simulatedMetric(
              platform,
              publication.id,
              theirs,
              publication.at,
              new Date(snapshot.collectedAt.getTime() + ms),
            );
          // Read from the simulator moments before the reading was recorded; figures only grow.
          expect(snapshot.metrics[ours as keyof typeof snapshot.metrics]).toBeGreaterThanOrEqual(at(-10_000));
          expect(snapshot.metrics[ours as keyof typeof snapshot.metrics]).toBeLessThanOrEqual(at(0));
        }
        figures[platform] = snapshot.metrics as Record<string, number>;
      }
    } finally {
      await store.close();
    }

    const engagementOf = (platform: SandboxPlatform) =>
      ENGAGEMENT[platform].reduce((sum, metric) => sum + (figures[platform]?.[metric] ?? 0), 0);
    const reported = PLATFORMS.filter((p) => figures[p] !== undefined);
    const views = reported.reduce((sum, p) => sum + (figures[p]?.views ?? 0), 0);
    const engagement = reported.reduce((sum, p) => sum + engagementOf(p), 0);

    const rest = await server.call('/api/v1/analytics?days=7&timezone=Europe/Paris', key);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    const answer = rest.body;
    expect(answer.totals).toMatchObject({ posts: 5, views, engagement });
    for (const platform of reported) {
      expect(answer.totals.byPlatform[platform]).toEqual({
        posts: 1,
        views: figures[platform]?.views ?? 0,
        engagement: engagementOf(platform),
      });
      expect(answer.topPosts[platform]).toEqual([
        {
          rank: 1,
          postId: posts[platform],
          permalink: expect.stringContaining('/sandbox/'),
          metric: 'engagement',
          value: engagementOf(platform),
          relativeToPlatformBest: 1,
        },
      ]);
    }
    expect(answer.coverage.instagram).toMatchObject({
      posts: 1,
      missing: [{ reason: 'too_few_viewers', posts: 1 }],
    });
    // A Page's feed post has no plays (only videos do), and Facebook reports no likes at all.
    expect(answer.coverage.facebook.metrics).toMatchObject({
      views: 0,
      reactions: 1,
      comments: 1,
      shares: 1,
    });
    expect(answer.coverage.facebook.unavailable).toContain('likes');
    expect(answer.weekOnWeek).toEqual({
      current: { posts: 5, views, engagement },
      previous: { posts: 0, views: 0, engagement: 0 },
      change: { views: null, engagement: null },
    });
    expect(answer.yearOnYear.current).toEqual({ posts: 5, views, engagement });
    // Four posts with engagement: too few to recommend an hour, a weekday or a category.
    for (const best of [answer.bestHour, answer.bestWeekday, answer.bestCategory]) {
      expect(best).toMatchObject({ value: null, reason: 'too_few_samples', samples: 4 });
    }
    expect(answer.bestTimes).toHaveLength(168);
    expect(answer.bestTimes.reduce((sum: number, cell: { samples: number }) => sum + cell.samples, 0)).toBe(
      4,
    );

    const client = new Client({ name: 'analytics-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    try {
      const tool = await client.callTool({
        name: 'svc_get_analytics',
        arguments: { days: 7, timezone: 'Europe/Paris' },
      });
      expect(tool.isError).not.toBe(true);
      // The same answer, but for `to` and `from`, which follow the clock between the two calls.
      const { from: _f, to: _t, ...same } = answer;
      expect(tool.structuredContent).toMatchObject(same);
    } finally {
      await client.close();
    }

    // A second run reads them again, but a slot is stored once. It comes last: it updates the
    // latest figures the answers sum, which may have grown past the stored snapshots by then.
    expect((await server.cli(['analytics', 'collect'])).json).toEqual({ posts: 5, snapshots: 4 });
    const again = await openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, 'svc.db') });
    try {
      for (const platform of reported) {
        expect(await again.analytics.listSnapshots(posts[platform] ?? '')).toHaveLength(1);
      }
    } finally {
      await again.close();
    }
  }, 60_000);

  it('refuses bad windows, time zones and profiles as it refuses elsewhere', async () => {
    expect((await server.call('/api/v1/analytics?days=0', key)).body).toMatchObject({
      code: 'validation_failed',
    });
    expect((await server.call('/api/v1/analytics?days=366', key)).body).toMatchObject({
      code: 'validation_failed',
    });
    expect((await server.call('/api/v1/analytics?timezone=Mars/Olympus', key)).body).toMatchObject({
      code: 'validation_failed',
    });
    const unknown = await server.call('/api/v1/analytics?profile_ids=acct_nobody', key);
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid_profile_ids' } });
    const noKey = await fetch(`${server.url}/api/v1/analytics`);
    expect(noKey.status).toBe(401);
  });
});

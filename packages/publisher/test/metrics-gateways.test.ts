import type { MetricsAnswer, PlatformGateway, PublishStep } from '@svc/core';
import { type SandboxPlatform, SERVICE_METRIC_NAMES, simulatedMetric } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import { createFacebookGateway, createInstagramGateway, createThreadsGateway } from '../src/index.js';
import { runSteps } from './platforms/run-steps.js';
import { aJob, type SandboxHarness, sandboxApp, useSandbox } from './platforms/sandbox-harness.js';
import { makeTikTokGateway, storedVideo, videoJob } from './platforms/tiktok-harness.js';
import { aShortJob, KIB_256, makeYouTubeGateway, storedShort } from './platforms/youtube-harness.js';

// Three days on: metrics have mostly settled (the simulator's curves take 2 to 48 hours).
const LATER = 3 * 86_400_000;

// Publishes one post of each kind the platform takes, then reads its metrics later; the
// figures must be the simulator's formula at that time, under our metric names.
async function publishOne(h: SandboxHarness, gateway: PlatformGateway, platform: SandboxPlatform) {
  const handle = { facebook: 'Acme Page', tiktok: 'acme_metrics' }[platform as string] ?? 'acme.metrics';
  const target = h.account(platform, handle);
  const job =
    platform === 'tiktok'
      ? videoJob(target, 'A video', (await storedVideo(h, 6 * 1024 * 1024)).media)
      : platform === 'youtube'
        ? aShortJob(target, 'A Short', [await storedShort(h, 2 * KIB_256)])
        : aJob(target, 'Hello metrics', platform === 'instagram' ? [h.image()] : []);
  const run = await runSteps(gateway, job, h.clock);
  const outcome: PublishStep = run.outcome;
  if (outcome.kind !== 'published') throw new Error(`not published: ${JSON.stringify(outcome)}`);
  const [publication] = h.sandbox.control.published(platform);
  if (publication === undefined) throw new Error('nothing published');
  return { target, platformPostId: outcome.platformPostId, publishedAt: publication.at, id: publication.id };
}

const cases: [SandboxPlatform, (h: SandboxHarness) => PlatformGateway][] = [
  ['instagram', (h) => createInstagramGateway(sandboxApp(h, 'instagram'))],
  ['threads', (h) => createThreadsGateway(sandboxApp(h, 'threads'))],
  ['facebook', (h) => createFacebookGateway(sandboxApp(h, 'facebook'))],
  ['tiktok', (h) => makeTikTokGateway(h)],
  ['youtube', (h) => makeYouTubeGateway(h)],
];

describe.each(cases)('%s metrics through the gateway', (platform, makeGateway) => {
  const names = SERVICE_METRIC_NAMES[platform];
  const t = useSandbox(makeGateway);

  it('reads the simulator’s figures three days after publishing, under our metric names', async () => {
    const { h, gateway } = t;
    const published = await publishOne(h, gateway, platform);
    h.clock.advance(LATER);
    // TikTok's and YouTube's access tokens have expired by then: refreshed as the collector does.
    const fresh = await gateway.refreshCredentials(published.target.account, published.target.credentials);
    const answer = await gateway.readMetrics?.(fresh?.credentials ?? published.target.credentials, [
      { postId: 'post_1', platformPostId: published.platformPostId },
    ]);
    const expected = Object.fromEntries(
      Object.entries(names).map(([ours, theirs]) => [
        ours,
        simulatedMetric(platform, published.id, theirs, published.publishedAt, h.clock.now()),
      ]),
    );
    // Facebook leaves `shares` out when nobody shared: that is a zero, not a missing figure.
    expect(answer).toEqual<MetricsAnswer>({
      kind: 'read',
      readings: [{ postId: 'post_1', kind: 'metrics', metrics: expected }],
    });
    // Views have grown by then on every platform that reports them (a Page post has none).
    if (expected.views !== undefined) expect(expected.views).toBeGreaterThan(0);
  });

  it('gives a rate limit back as a retry, not a failure', async () => {
    const { h, gateway } = t;
    const published = await publishOne(h, gateway, platform);
    h.sandbox.control.limitMetrics(platform);
    const answer = await gateway.readMetrics?.(published.target.credentials, [
      { postId: 'post_1', platformPostId: published.platformPostId },
    ]);
    expect(answer).toMatchObject({ kind: 'retry', afterMs: expect.any(Number) });
  });
});

describe('metrics refusals', () => {
  const t = useSandbox((h) => createInstagramGateway(sandboxApp(h, 'instagram')));

  it('reads Instagram code 10 (too few viewers) as not available, not as a failure', async () => {
    const { h, gateway } = t;
    const published = await publishOne(h, gateway, 'instagram');
    h.sandbox.control.denyInsights(published.id);
    h.clock.advance(LATER);
    expect(
      await gateway.readMetrics?.(published.target.credentials, [
        { postId: 'p', platformPostId: published.platformPostId },
      ]),
    ).toEqual({ kind: 'read', readings: [{ postId: 'p', kind: 'not_available' }] });
  });

  it('reads a token without the insights permission as the account’s coverage', async () => {
    const { h, gateway } = t;
    const published = await publishOne(h, gateway, 'instagram');
    // The same account, connected without the insights permission.
    const limited = h.account('instagram', 'acme.metrics', {
      scopes: 'instagram_business_basic,instagram_business_content_publish',
    });
    expect(
      await gateway.readMetrics?.(limited.credentials, [
        { postId: 'p', platformPostId: published.platformPostId },
      ]),
    ).toMatchObject({ kind: 'scope_missing' });
  });
});

describe('TikTok metrics refusals', () => {
  const t = useSandbox((h) => makeTikTokGateway(h));

  it('reads a token without video.list as the account’s coverage', async () => {
    const { h, gateway } = t;
    const published = await publishOne(h, gateway, 'tiktok');
    const limited = h.account('tiktok', 'acme_metrics', {
      scopes: 'user.info.basic,user.info.profile,user.info.stats,video.publish',
    });
    expect(
      await gateway.readMetrics?.(limited.credentials, [
        { postId: 'p', platformPostId: published.platformPostId },
      ]),
    ).toEqual({
      kind: 'scope_missing',
      reason: 'The TikTok account did not grant video.list; reconnect it to read metrics.',
    });
  });
});

import type { Platform, PublishStep } from '@svc/core';
import { createRecordingPlatformGateway } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import type { PublisherObserver, PublishResult } from '../src/index.js';
import { engineFixture } from './engine-fixture.js';

/** An observer that keeps every report, in order. */
function recordingObserver() {
  const claims: { durationMs: number; count: number }[] = [];
  const starts: { platform: Platform; lagMs: number }[] = [];
  const steps: { platform: Platform; result: PublishStep['kind']; durationMs: number }[] = [];
  const ends: { platform: Platform; result: PublishResult; postedLagMs: number | null }[] = [];
  const observer: PublisherObserver = {
    claimed: (durationMs, count) => claims.push({ durationMs, count }),
    publishStarted: (platform, lagMs) => starts.push({ platform, lagMs }),
    stepTaken: (platform, result, durationMs) => steps.push({ platform, result, durationMs }),
    publishEnded: (platform, result, postedLagMs) => ends.push({ platform, result, postedLagMs }),
    webhookDelivered: () => undefined,
    webhookEndpointDisabled: () => undefined,
    commentReplied: () => undefined,
  };
  return { observer, claims, starts, steps, ends };
}

describe('the publisher observer', () => {
  it('hears every claim, step and outcome, with the lag from the scheduled time', async () => {
    const gateway = createRecordingPlatformGateway('instagram');
    gateway.script(
      { kind: 'progress', progress: { containerId: 'c-1' } },
      { kind: 'published', platformPostId: 'ig-1', permalink: null },
      { kind: 'failed', reason: 'The caption is refused.' },
      { kind: 'retry', afterMs: 0, reason: 'Instagram is unavailable (HTTP 503).' },
    );
    const seen = recordingObserver();
    const f = await engineFixture(gateway, { retryBaseMs: 1_000 }, seen.observer);
    const ago = (seconds: number) => new Date(f.clock.now().getTime() - seconds * 1000);
    // One account publishes one post at a time, oldest due first: the script's order.
    await f.schedule(1, { scheduledTime: ago(90), dueAt: ago(90) });
    await f.schedule(1, { scheduledTime: ago(60), dueAt: ago(60) });
    const [retried] = await f.schedule(1, { scheduledTime: ago(30), dueAt: ago(30) });
    await f.publisher.drain();

    expect(seen.starts).toEqual([
      { platform: 'instagram', lagMs: 90_000 },
      { platform: 'instagram', lagMs: 60_000 },
      { platform: 'instagram', lagMs: 30_000 },
    ]);
    expect(seen.steps.map((s) => s.result)).toEqual(['progress', 'published', 'failed', 'retry']);
    expect(seen.steps.every((s) => s.platform === 'instagram' && s.durationMs >= 0)).toBe(true);
    expect(seen.ends).toEqual([
      { platform: 'instagram', result: 'posted', postedLagMs: 90_000 },
      { platform: 'instagram', result: 'failed', postedLagMs: null },
      { platform: 'instagram', result: 'retry', postedLagMs: null },
    ]);
    expect(seen.claims.reduce((sum, c) => sum + c.count, 0)).toBe(3);
    expect(seen.claims.every((c) => c.durationMs >= 0)).toBe(true);

    // The retry's second claim is no new start: its lag would be the retry delay, not the queue's.
    f.clock.advance(1_000);
    await f.publisher.drain();
    expect(seen.starts).toHaveLength(3);
    expect((await f.post(retried?.id ?? '')).status).toBe('posted');
    expect(seen.ends.at(-1)).toEqual({ platform: 'instagram', result: 'posted', postedLagMs: 31_000 });
  });

  it('counts a quota deferral, a step that throws as a retry, and a post it cannot publish as failed', async () => {
    const gateway = createRecordingPlatformGateway('threads');
    const seen = recordingObserver();
    const f = await engineFixture(gateway, {}, seen.observer);
    gateway.script({ kind: 'defer', until: new Date(f.clock.now().getTime() + 60_000), reason: 'quota' });
    await f.schedule(1);
    await f.publisher.drain();
    expect(seen.ends.map((e) => e.result)).toEqual(['deferred']);

    gateway.publishStep = async () => {
      throw new Error('socket hang up');
    };
    f.clock.advance(60_000);
    await f.publisher.drain();
    expect(seen.steps.map((s) => s.result)).toEqual(['defer', 'retry']);
    expect(seen.ends.map((e) => e.result)).toEqual(['deferred', 'retry']);

    await f.schedule(1, { profileIds: ['acct_gone'] });
    await f.publisher.drain();
    expect(seen.ends.map((e) => e.result)).toEqual(['deferred', 'retry', 'failed']);
  });
});

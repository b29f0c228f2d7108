import { describe, expect, it } from 'vitest';
import { anAccount, aPost } from '../testing/builders.js';
import {
  decideAfterRefresh,
  decidePublishStep,
  releaseOnStop,
  type StepContext,
} from './decide-publish-step.js';

const NOW = new Date('2026-01-15T12:00:00.000Z');
const account = anAccount('user_1', { handle: 'brand', platform: 'instagram' });
const post = aPost('user_1', account.id, { attempts: 2, scheduledTime: NOW });
const ctx = (overrides: Partial<StepContext> = {}): StepContext => ({
  now: NOW,
  leaseOwner: 'pub-1',
  limits: {
    leaseMs: 60_000,
    maxAttempts: 5,
    retryBaseMs: 30_000,
    retryMaxMs: 3_600_000,
    maxDeferralMs: 3_600_000,
  },
  random: 0,
  account,
  refreshedAfterRefusal: false,
  ...overrides,
});
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('decidePublishStep', () => {
  it('records progress with a renewed lease and goes on, after the wait the platform asked for', () => {
    expect(
      decidePublishStep(post, { kind: 'progress', progress: { container: 'c1' }, waitMs: 1500 }, ctx()),
    ).toEqual({
      kind: 'continue',
      waitMs: 1500,
      event: {
        type: 'record_progress',
        at: NOW,
        leaseOwner: 'pub-1',
        progress: { container: 'c1' },
        leaseUntil: later(60_000),
      },
    });
  });

  it('hands the post back before a long wait, due again when the wait is over', () => {
    const step = { kind: 'progress', progress: { container: 'c1' }, waitMs: 60_000 } as const;
    expect(decidePublishStep(post, step, ctx())).toEqual({
      kind: 'release',
      event: {
        type: 'record_progress',
        at: NOW,
        leaseOwner: 'pub-1',
        progress: { container: 'c1' },
        leaseUntil: later(60_000),
        release: true,
      },
    });
    // Up to the hold limit the publisher sleeps through the wait itself.
    const limits = { ...ctx().limits, holdWaitsUpToMs: 60_000 };
    expect(decidePublishStep(post, step, ctx({ limits })).kind).toBe('continue');
    expect(decidePublishStep(post, { ...step, waitMs: 20_000 }, ctx()).kind).toBe('continue');
  });

  it('settles a published post', () => {
    expect(
      decidePublishStep(post, { kind: 'published', platformPostId: 'p9', permalink: 'https://x/p9' }, ctx()),
    ).toEqual({
      kind: 'settle',
      outcome: 'posted',
      reconnect: false,
      event: {
        type: 'succeed',
        at: NOW,
        leaseOwner: 'pub-1',
        platformPostId: 'p9',
        permalink: 'https://x/p9',
        warning: null,
      },
    });
  });

  it('settles a published post with what the platform did differently', () => {
    const step = {
      kind: 'published',
      platformPostId: 'v1',
      permalink: 'https://x/v1',
      warning: 'YouTube made the video private.',
    } as const;
    expect(decidePublishStep(post, step, ctx())).toMatchObject({
      kind: 'settle',
      outcome: 'posted',
      event: { type: 'succeed', platformPostId: 'v1', warning: 'YouTube made the video private.' },
    });
  });

  it('retries with exponential backoff, never sooner than the platform asked, and gives up after maxAttempts', () => {
    const retry = decidePublishStep(post, { kind: 'retry', afterMs: 0, reason: 'Timeout.' }, ctx());
    expect(retry).toMatchObject({
      kind: 'settle',
      outcome: 'retrying',
      event: { type: 'retry_later', retryAt: later(60_000), countsAsAttempt: true, reason: 'Timeout.' },
    });
    const asked = decidePublishStep(post, { kind: 'retry', afterMs: 90_000, reason: 'Slow down.' }, ctx());
    expect(asked).toMatchObject({ event: { retryAt: later(90_000) } });
    const last = decidePublishStep(
      { ...post, attempts: 5 },
      { kind: 'retry', afterMs: 0, reason: 'Timeout.' },
      ctx(),
    );
    expect(last).toMatchObject({
      kind: 'settle',
      outcome: 'failed',
      event: { type: 'fail', reason: 'Timeout. Gave up after 5 attempts.' },
    });
  });

  it('defers without counting an attempt, and fails a post a quota kept waiting too long', () => {
    const deferred = decidePublishStep(
      post,
      { kind: 'defer', until: later(600_000), reason: 'Quota.' },
      ctx(),
    );
    expect(deferred).toMatchObject({
      event: { type: 'retry_later', retryAt: later(600_000), countsAsAttempt: false },
    });
    const tooLong = decidePublishStep(
      post,
      { kind: 'defer', until: later(3_600_001), reason: 'Quota.' },
      ctx(),
    );
    expect(tooLong).toMatchObject({
      outcome: 'failed',
      event: { reason: 'Quota. The post waited too long for the limit to free up.' },
    });
  });

  it('refreshes expired tokens once, then asks for a reconnect; a refusal marks the account first', () => {
    expect(decidePublishStep(post, { kind: 'token_expired' }, ctx())).toEqual({ kind: 'refresh_tokens' });
    const again = decidePublishStep(post, { kind: 'token_expired' }, ctx({ refreshedAfterRefusal: true }));
    expect(again).toMatchObject({
      kind: 'settle',
      reconnect: true,
      event: {
        type: 'fail',
        reason:
          "Reconnect the Instagram account @brand, then schedule the post again. Instagram no longer accepts the account's access.",
      },
    });
    const refused = decidePublishStep(post, { kind: 'needs_reconnect', reason: 'Revoked.' }, ctx());
    expect(refused).toMatchObject({
      reconnect: true,
      event: { reason: 'Reconnect the Instagram account @brand, then schedule the post again. Revoked.' },
    });
    expect(decidePublishStep(post, { kind: 'failed', reason: 'Too long.' }, ctx())).toMatchObject({
      reconnect: false,
      event: { type: 'fail', reason: 'Too long.' },
    });
  });

  it('goes on after a refresh, retries when the refresh could not be asked, reconnects when refused', () => {
    expect(decideAfterRefresh(post, 'refreshed', ctx())).toBeNull();
    expect(decideAfterRefresh(post, 'unavailable', ctx())).toMatchObject({
      event: { type: 'retry_later', retryAt: later(30_000), countsAsAttempt: true },
    });
    expect(decideAfterRefresh(post, 'refused', ctx())).toMatchObject({
      reconnect: true,
      event: { type: 'fail' },
    });
  });

  it('gives a post back at once when the publisher stops, without counting the attempt', () => {
    expect(releaseOnStop(ctx())).toEqual({
      type: 'retry_later',
      at: NOW,
      leaseOwner: 'pub-1',
      retryAt: NOW,
      countsAsAttempt: false,
      reason: 'publisher stopping',
    });
  });
});

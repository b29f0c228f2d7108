import type { ConnectedAccount } from '../accounts/index.js';
import { PLATFORM_NAMES, type Platform } from '../kernel/index.js';
import type { Post, PostEvent } from '../posts/index.js';
import { publishFailure } from './publish-failures.js';
import type { PublishStep } from './publish-step.js';
import { retryDelayMs } from './retry-delay.js';

/** The limits a publisher publishes within (its options; docs/publishing.md). */
export type PublishLimits = {
  /** How long a recorded step holds the post. */
  readonly leaseMs: number;
  /** Attempts that ended in a transient failure before the post fails for good. */
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** How long past its scheduled time a post may be deferred by platform quotas. */
  readonly maxDeferralMs: number;
  /**
   * The longest wait a publisher sits through holding the post (default HOLD_WAITS_UP_TO_MS);
   * longer ones hand the post back until then.
   */
  readonly holdWaitsUpToMs?: number;
};

/**
 * Waits up to this long (a quick look at a container) are slept through holding the post; longer
 * ones (Meta's once-a-minute status reads) hand it back, so no publisher slot idles on them.
 */
export const HOLD_WAITS_UP_TO_MS = 20_000;

/** What decides a step's consequence besides the post and the step. */
export type StepContext = {
  readonly now: Date;
  readonly leaseOwner: string;
  readonly limits: PublishLimits;
  /** In [0, 1): the jitter of a retry delay. */
  readonly random: number;
  readonly account: ConnectedAccount;
  /** The tokens were refreshed after the platform refused them once in this publish already. */
  readonly refreshedAfterRefusal: boolean;
};

/** What the publisher does next. It records `event` (if any) on the post, and nothing else. */
export type PublishDecision =
  /** Record the step's progress (renewing the lease), wait `waitMs`, take the next step. */
  | { readonly kind: 'continue'; readonly event: PostEvent; readonly waitMs: number }
  /**
   * Record the step's progress and hand the post back (`record_progress` with `release`): it is
   * due again when the wait is over, and any publisher resumes it then without a new attempt.
   */
  | { readonly kind: 'release'; readonly event: PostEvent }
  /**
   * Record `event`, which lets go of the post (posted, failed, or back in the queue). With
   * `reconnect`, first mark the account as needing a reconnect.
   */
  | {
      readonly kind: 'settle';
      readonly event: PostEvent;
      readonly reconnect: boolean;
      /** For the log: posted, failed or retrying. */
      readonly outcome: 'posted' | 'failed' | 'retrying';
    }
  /** Refresh the account's tokens, then decide with `decideAfterRefresh`. */
  | { readonly kind: 'refresh_tokens' };

/**
 * The consequence of one publish step, as a pure decision (the engine only does the I/O): record
 * progress and go on (or, before a long wait, hand the post back until then), publish, fail (giving up after `maxAttempts` transient failures, or when a
 * quota keeps a post waiting past `maxDeferralMs`), retry later with exponential backoff, defer
 * without counting an attempt, refresh tokens once, or fail asking for a reconnect.
 */
export function decidePublishStep(post: Post, step: PublishStep, ctx: StepContext): PublishDecision {
  const { now, leaseOwner, limits } = ctx;
  switch (step.kind) {
    case 'progress': {
      const waitMs = step.waitMs ?? 0;
      if (waitMs > (limits.holdWaitsUpToMs ?? HOLD_WAITS_UP_TO_MS)) {
        const dueAgain = new Date(now.getTime() + waitMs);
        return {
          kind: 'release',
          event: {
            type: 'record_progress',
            at: now,
            leaseOwner,
            progress: step.progress,
            leaseUntil: dueAgain,
            release: true,
          },
        };
      }
      return {
        kind: 'continue',
        event: {
          type: 'record_progress',
          at: now,
          leaseOwner,
          progress: step.progress,
          leaseUntil: new Date(now.getTime() + limits.leaseMs),
        },
        waitMs,
      };
    }
    case 'published':
      return settle(
        {
          type: 'succeed',
          at: now,
          leaseOwner,
          platformPostId: step.platformPostId,
          permalink: step.permalink,
          warning: step.warning ?? null,
          ...(step.publicIdPending === true ? { publicIdPending: true } : {}),
          ...(step.firstComment === undefined ? {} : { firstComment: step.firstComment }),
        },
        'posted',
      );
    case 'retry': {
      if (post.attempts >= limits.maxAttempts) {
        return fail(ctx, publishFailure('gave_up', { reason: step.reason, attempts: post.attempts }));
      }
      const delay = retryDelayMs({
        attempt: post.attempts,
        baseMs: limits.retryBaseMs,
        maxMs: limits.retryMaxMs,
        platformAskedMs: step.afterMs,
        random: ctx.random,
      });
      return retryAt(ctx, new Date(now.getTime() + delay), step.reason, true);
    }
    case 'defer': {
      const limit = (post.scheduledTime ?? post.createdAt).getTime() + limits.maxDeferralMs;
      if (step.until.getTime() > limit) {
        return fail(ctx, publishFailure('waited_too_long', { reason: step.reason }));
      }
      return retryAt(ctx, step.until, step.reason, false);
    }
    case 'failed':
      return fail(ctx, step.reason);
    case 'token_expired':
      return ctx.refreshedAfterRefusal
        ? reconnect(ctx, post, publishFailure('access_refused', { platform: platformOf(post) }))
        : { kind: 'refresh_tokens' };
    case 'needs_reconnect':
      return reconnect(ctx, post, step.reason);
  }
}

/** What a token refresh decides: go on publishing, try again later, or ask for a reconnect. */
export function decideAfterRefresh(
  post: Post,
  refresh: 'refreshed' | 'refused' | 'unavailable',
  ctx: StepContext,
): PublishDecision | null {
  switch (refresh) {
    case 'refreshed':
      return null;
    case 'unavailable':
      return retryAt(
        ctx,
        new Date(ctx.now.getTime() + ctx.limits.retryBaseMs),
        'token refresh unavailable',
        true,
      );
    case 'refused':
      return reconnect(ctx, post, publishFailure('access_refused', { platform: platformOf(post) }));
  }
}

/** A stopping publisher gives the post back at once, without counting the attempt. */
export function releaseOnStop(ctx: Pick<StepContext, 'now' | 'leaseOwner'>): PostEvent {
  return {
    type: 'retry_later',
    at: ctx.now,
    leaseOwner: ctx.leaseOwner,
    retryAt: ctx.now,
    countsAsAttempt: false,
    reason: 'publisher stopping',
  };
}

function settle(event: PostEvent, outcome: 'posted' | 'failed' | 'retrying', reconnectFirst = false) {
  return { kind: 'settle', event, outcome, reconnect: reconnectFirst } as const;
}

function fail(ctx: StepContext, reason: string, reconnectFirst = false): PublishDecision {
  return settle({ type: 'fail', at: ctx.now, leaseOwner: ctx.leaseOwner, reason }, 'failed', reconnectFirst);
}

function retryAt(ctx: StepContext, at: Date, reason: string, countsAsAttempt: boolean): PublishDecision {
  return settle(
    { type: 'retry_later', at: ctx.now, leaseOwner: ctx.leaseOwner, retryAt: at, countsAsAttempt, reason },
    'retrying',
  );
}

function reconnect(ctx: StepContext, post: Post, why: string): PublishDecision {
  const message = publishFailure('reconnect', {
    platform: platformOf(post),
    handle: ctx.account.handle,
    reason: why,
  });
  return fail(ctx, message, true);
}

function platformOf(post: Post): string {
  const platform = post.platforms[0] as Platform | undefined;
  return platform === undefined ? 'The platform' : PLATFORM_NAMES[platform];
}

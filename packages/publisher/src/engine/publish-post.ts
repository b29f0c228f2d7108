import {
  type ConnectedAccount,
  decideAfterRefresh,
  decidePublishStep,
  firstCommentText,
  markedNeedsReconnect,
  nextThreadPart,
  PLATFORM_NAMES,
  type Platform,
  type PlatformGateway,
  type Post,
  type PostEvent,
  type PublishDecision,
  type PublishJob,
  type PublishStep,
  publishedWith,
  publishFailure,
  refreshAccountTokens,
  releaseOnStop,
  type StepContext,
  savedPublishOf,
  threadPartsOf,
  tokenExpiresSoon,
  transition,
  withPublished,
} from '@svc/core';
import { loadPublishJob } from './load-publish-job.js';
import type { PublisherDeps } from './publisher-deps.js';
import { NO_PUBLISHER_OBSERVER, type PublishResult } from './publisher-observer.js';
import type { PublisherOptions } from './publisher-options.js';
import { retryWhileStoreAway } from './retry-while-store-away.js';
import { type FreshCommentMark, takeFirstCommentStep } from './take-first-comment-step.js';
import { takeThreadPartStep } from './take-thread-part-step.js';

/** Tells a running publish to let go of its post at the next step boundary. */
export type StopSignal = { readonly stopping: boolean };

type Context = {
  readonly deps: PublisherDeps;
  readonly options: PublisherOptions;
  readonly stop: StopSignal;
};

/**
 * Publishes one claimed post step by step until it settles: `posted`, `failed`, back in the queue
 * for a retry, or released because the publisher is stopping. Only I/O lives here: loading the
 * job, calling the platform, recording what core's `decidePublishStep` decides (each step's
 * handles saved, renewing the lease, before the next step, so whoever holds the post next resumes
 * there), sleeping. Returns when this publisher no longer holds the post. `known` is the post's
 * account as its claim round read it, when that read is recent enough to stand in for a new one.
 */
export async function publishPost(ctx: Context, claimed: Post, known?: ConnectedAccount): Promise<void> {
  const { deps, options } = ctx;
  const platform = claimed.platforms[0] as Platform;
  const gateway = deps.gateways[platform];
  const observer = deps.observer ?? NO_PUBLISHER_OBSERVER;
  let post = claimed;
  // Scheduling lag is measured once, at the first claim: later claims (retries, takeovers, a
  // publish resumed after a long wait) would add those delays and say nothing about how promptly
  // due posts are picked up.
  if (claimed.attempts === 1 && claimed.publishProgress === null && claimed.scheduledTime !== null) {
    observer.publishStarted(platform, deps.clock.now().getTime() - claimed.scheduledTime.getTime());
  }
  const ended = (result: PublishResult) =>
    observer.publishEnded(
      platform,
      result,
      result === 'posted' && post.publishedAt !== null && post.scheduledTime !== null
        ? post.publishedAt.getTime() - post.scheduledTime.getTime()
        : null,
    );
  // Store calls wait out a database restart for as long as we hold the post's lease.
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const durably = <T>(call: () => Promise<T>): Promise<T> =>
    retryWhileStoreAway(call, {
      now: () => deps.clock.now().getTime(),
      sleep,
      stopping: () => ctx.stop.stopping,
      deadline: post.dueAt?.getTime() ?? deps.clock.now().getTime(),
    });
  const record = async (event: PostEvent): Promise<boolean> => {
    const next = transition(post, event);
    if (next.isErr()) {
      deps.logger.warn({ postId: post.id, code: next.error.code }, next.error.message);
      return false;
    }
    // A write whose answer was lost with the connection may have landed: the retry then finds a
    // newer version and reports the lease lost, and whoever takes the post next resumes from it.
    // `post` is the row as stored: the store writes only what this step changed.
    const before = post;
    const stored = await durably(() =>
      deps.store.posts.updatePost(next.value.post, before.version, next.value.events, before),
    );
    if (stored === null) {
      deps.logger.warn({ postId: post.id, event: event.type }, 'publisher lost the lease of a post');
      return false;
    }
    post = stored;
    return true;
  };
  const fail = async (reason: string) =>
    ended(
      (await record({ type: 'fail', at: deps.clock.now(), leaseOwner: options.leaseOwner, reason }))
        ? 'failed'
        : 'lease_lost',
    );

  if (gateway === undefined) {
    await fail(publishFailure('platform_not_configured', { platform: PLATFORM_NAMES[platform] }));
    return;
  }
  const loaded = await durably(() => loadPublishJob(deps, post, known));
  if (loaded.kind === 'unpublishable') {
    await fail(loaded.reason);
    return;
  }
  let account = loaded.account;
  let credentials = loaded.credentials;
  const refresh = async (): Promise<'refreshed' | 'refused' | 'unavailable'> => {
    const outcome = await refreshAccountTokens(deps, gateway, account, credentials);
    if (outcome.kind === 'refreshed') {
      account = outcome.account;
      credentials = outcome.credentials;
      deps.logger.info({ accountId: account.id, platform }, 'refreshed platform tokens');
    } else if (outcome.kind === 'unavailable') {
      deps.logger.warn({ accountId: account.id, platform, err: outcome.detail }, 'token refresh failed');
    }
    return outcome.kind;
  };
  if (tokenExpiresSoon(gateway, account, deps.clock.now())) await refresh();

  let refreshedAfterRefusal = false;
  const freshCommentMark: FreshCommentMark = { value: null };
  const context = (): StepContext => ({
    now: deps.clock.now(),
    leaseOwner: options.leaseOwner,
    limits: options,
    random: (deps.random ?? Math.random)(),
    account,
    refreshedAfterRefusal,
  });
  for (;;) {
    if (ctx.stop.stopping) {
      // Give the post back at once; the next publisher resumes from the saved handles.
      await settle(
        { kind: 'settle', event: releaseOnStop(context()), reconnect: false, outcome: 'retrying' },
        'released',
      );
      return;
    }
    const stepStarted = performance.now();
    const step = await nextStep(gateway, { post, account, credentials, media: loaded.media });
    observer.stepTaken(platform, step.kind, performance.now() - stepStarted);
    let decision: PublishDecision | null = decidePublishStep(post, step, context());
    if (decision.kind === 'refresh_tokens') {
      refreshedAfterRefusal = true;
      decision = decideAfterRefresh(post, await refresh(), context());
      if (decision === null) continue;
    }
    if (decision.kind === 'continue') {
      if (!(await record(decision.event))) {
        ended('lease_lost');
        return;
      }
      if (decision.waitMs > 0) await pause(decision.waitMs);
      continue;
    }
    if (decision.kind === 'release') {
      // A long wait on the platform: the post is handed back, due again when the wait is over,
      // and the slot is free for other posts meanwhile.
      ended((await record(decision.event)) ? 'waiting' : 'lease_lost');
      return;
    }
    if (decision.kind === 'settle') await settle(decision);
    return;
  }

  // The publish's steps; then, for a post with a reply chain or a first comment on a platform
  // that takes them, the chain's parts in order and the comment: the live post is saved first, so
  // a resumed publish only ever goes on with what follows it.
  async function nextStep(
    gateway: PlatformGateway,
    job: Parameters<PlatformGateway['publishStep']>[0],
  ): Promise<PublishStep> {
    const text = firstCommentText(job.post);
    const comments = text === null ? undefined : gateway.firstComments;
    const parts = gateway.replyChains === true ? threadPartsOf(job.post) : [];
    if (comments === undefined && parts.length === 0) return takeStep(gateway, job);
    const saved = savedPublishOf(job.post.publishProgress);
    if (saved === null) {
      const step = await takeStep(gateway, job);
      return step.kind === 'published' ? withPublished(job.post.publishProgress, step) : step;
    }
    const part = nextThreadPart(job.post.publishProgress, parts.length, saved.platformPostId);
    if (part !== null) {
      const now = deps.clock.now();
      const partContext = {
        store: deps.store,
        mediaUrl: deps.mediaUrl,
        now,
        takeStep: (partJob: PublishJob) => takeStep(gateway, partJob),
      };
      return takeThreadPartStep(partContext, job, parts, part);
    }
    if (comments === undefined || text === null) return publishedWith(saved);
    return takeFirstCommentStep(comments, job, text, saved, freshCommentMark, deps.clock.now());
  }

  async function settle(
    decision: Extract<PublishDecision, { kind: 'settle' }>,
    result: PublishResult = resultOf(decision),
  ): Promise<void> {
    if (decision.reconnect) await markNeedsReconnect();
    if (!(await record(decision.event))) {
      ended('lease_lost');
      return;
    }
    ended(result);
    const fields = { postId: post.id, platform, attempts: post.attempts };
    if (decision.outcome === 'posted') {
      // What the platform did differently (a YouTube upload locked to private) concerns the operator too.
      const warning = decision.event.type === 'succeed' ? (decision.event.warning ?? null) : null;
      deps.logger.info(warning === null ? fields : { ...fields, warning }, 'post published');
    } else if (decision.outcome === 'failed') deps.logger.info(fields, 'post failed');
    else if (decision.event.type === 'retry_later') {
      const { retryAt, reason } = decision.event;
      deps.logger.info({ ...fields, retryAt: retryAt.toISOString(), reason }, 'post will be retried');
    }
  }

  async function markNeedsReconnect(): Promise<void> {
    const change = markedNeedsReconnect(account, deps.clock.now());
    await durably(() => deps.store.accounts.saveAccount(change.account, change.events));
  }

  // Waits while keeping the lease: long waits renew it halfway through each lease period.
  async function pause(ms: number): Promise<void> {
    let left = ms;
    while (left > 0 && !ctx.stop.stopping) {
      const chunk = Math.min(left, Math.max(1, Math.floor(options.leaseMs / 2)));
      await sleep(chunk);
      left -= chunk;
      if (left > 0 && !(await renewLease())) return;
    }
  }

  function renewLease(): Promise<boolean> {
    return record({
      type: 'record_progress',
      at: deps.clock.now(),
      leaseOwner: options.leaseOwner,
      progress: post.publishProgress ?? {},
      leaseUntil: new Date(deps.clock.now().getTime() + options.leaseMs),
    });
  }
}

// What a settled publish counts as: a retry that costs no attempt is a deferral (platform quota).
function resultOf(decision: Extract<PublishDecision, { kind: 'settle' }>): PublishResult {
  if (decision.outcome !== 'retrying') return decision.outcome;
  return decision.event.type === 'retry_later' && !decision.event.countsAsAttempt ? 'deferred' : 'retry';
}

// A step that throws (network fault, timeout, a bug in an adapter) has an unknown outcome:
// retry later; adapters check the platform before sending anything again.
async function takeStep(
  gateway: PlatformGateway,
  job: Parameters<PlatformGateway['publishStep']>[0],
): Promise<PublishStep> {
  try {
    return await gateway.publishStep(job);
  } catch (error) {
    return {
      kind: 'retry',
      afterMs: 0,
      reason: publishFailure('unreachable', {
        platform: PLATFORM_NAMES[gateway.platform],
        detail: describe(error),
      }),
    };
  }
}

// Error names and messages only (adapter errors may carry request options), with any token
// that slipped into a URL in the message blanked out.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  return `${error.name}: ${error.message}`.replace(/(access_token=)[^&\s]+/gi, '$1[redacted]').slice(0, 300);
}

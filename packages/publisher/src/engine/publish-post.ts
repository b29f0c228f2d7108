import {
  accountEvent,
  PLATFORM_NAMES,
  type Platform,
  type PlatformGateway,
  type Post,
  type PostEvent,
  type PublishStep,
  refreshAccountTokens,
  tokenExpiresSoon,
  transition,
} from '@svc/core';
import { loadPublishJob } from './load-publish-job.js';
import type { PublisherDeps } from './publisher-deps.js';
import type { PublisherOptions } from './publisher-options.js';
import { retryDelayMs } from './retry-delay.js';
import { retryWhileStoreAway } from './retry-while-store-away.js';

/** Tells a running publish to let go of its post at the next step boundary. */
export type StopSignal = { readonly stopping: boolean };

type Context = {
  readonly deps: PublisherDeps;
  readonly options: PublisherOptions;
  readonly stop: StopSignal;
};

/**
 * Publishes one claimed post step by step until it settles: `posted`, `failed`, back in the queue
 * for a retry, or released because the publisher is stopping. Each step's platform handles are
 * saved (renewing the lease) before the next step, so whoever holds the post next resumes there.
 * Returns when this publisher no longer holds the post.
 */
export async function publishPost(ctx: Context, claimed: Post): Promise<void> {
  const { deps } = ctx;
  const platform = claimed.platforms[0] as Platform;
  const gateway = deps.gateways[platform];
  let post = claimed;
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
    const stored = await durably(() =>
      deps.store.posts.updatePost(next.value.post, post.version, next.value.events),
    );
    if (stored === null) {
      deps.logger.warn({ postId: post.id, event: event.type }, 'publisher lost the lease of a post');
      return false;
    }
    post = stored;
    return true;
  };
  const fail = (reason: string) =>
    record({ type: 'fail', at: deps.clock.now(), leaseOwner: ctx.options.leaseOwner, reason });

  if (gateway === undefined) {
    await fail(
      `${PLATFORM_NAMES[platform]} is not set up on this server, so the post could not be published.`,
    );
    return;
  }
  const loaded = await durably(() => loadPublishJob(deps, post));
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
  for (;;) {
    if (ctx.stop.stopping) {
      // Give the post back at once; the next publisher resumes from the saved handles.
      await retryAt(deps.clock.now(), 'publisher stopping', false);
      return;
    }
    const step = await takeStep(gateway, { post, account, credentials, media: loaded.media });
    switch (step.kind) {
      case 'progress': {
        const saved = await record({
          type: 'record_progress',
          at: deps.clock.now(),
          leaseOwner: ctx.options.leaseOwner,
          progress: step.progress,
          leaseUntil: new Date(deps.clock.now().getTime() + ctx.options.leaseMs),
        });
        if (!saved) return;
        if ((step.waitMs ?? 0) > 0) await pause(step.waitMs ?? 0);
        continue;
      }
      case 'published':
        await record({
          type: 'succeed',
          at: deps.clock.now(),
          leaseOwner: ctx.options.leaseOwner,
          platformPostId: step.platformPostId,
          permalink: step.permalink,
        });
        deps.logger.info({ postId: post.id, platform, attempts: post.attempts }, 'post published');
        return;
      case 'retry':
        if (post.attempts >= ctx.options.maxAttempts) {
          await fail(`${step.reason} Gave up after ${post.attempts} attempts.`);
          return;
        }
        await retryAt(
          new Date(
            deps.clock.now().getTime() +
              retryDelayMs({
                attempt: post.attempts,
                baseMs: ctx.options.retryBaseMs,
                maxMs: ctx.options.retryMaxMs,
                platformAskedMs: step.afterMs,
                random: (deps.random ?? Math.random)(),
              }),
          ),
          step.reason,
          true,
        );
        return;
      case 'defer': {
        const limit = (post.scheduledTime ?? post.createdAt).getTime() + ctx.options.maxDeferralMs;
        if (step.until.getTime() > limit) {
          await fail(`${step.reason} The post waited too long for the limit to free up.`);
          return;
        }
        await retryAt(step.until, step.reason, false);
        return;
      }
      case 'failed':
        await fail(step.reason);
        deps.logger.info({ postId: post.id, platform }, 'post failed');
        return;
      case 'token_expired': {
        const outcome = refreshedAfterRefusal ? 'refused' : await refresh();
        refreshedAfterRefusal = true;
        if (outcome === 'refreshed') continue;
        if (outcome === 'unavailable') {
          await retryAt(
            new Date(deps.clock.now().getTime() + ctx.options.retryBaseMs),
            'token refresh unavailable',
            true,
          );
          return;
        }
        await needsReconnect(`${PLATFORM_NAMES[platform]} no longer accepts the account's access.`);
        return;
      }
      case 'needs_reconnect':
        await needsReconnect(step.reason);
        return;
    }
  }

  async function retryAt(at: Date, reason: string, countsAsAttempt: boolean): Promise<void> {
    const done = await record({
      type: 'retry_later',
      at: deps.clock.now(),
      leaseOwner: ctx.options.leaseOwner,
      retryAt: at,
      countsAsAttempt,
      reason,
    });
    if (done)
      deps.logger.info(
        { postId: post.id, platform, retryAt: at.toISOString(), reason },
        'post will be retried',
      );
  }

  async function needsReconnect(reason: string): Promise<void> {
    const now = deps.clock.now();
    const marked = { ...account, needsReconnect: true, updatedAt: now };
    const events = account.needsReconnect ? [] : [accountEvent('account.needs_reconnect', marked, now)];
    await durably(() => deps.store.accounts.saveAccount(marked, events));
    await fail(
      `Reconnect the ${PLATFORM_NAMES[platform]} account @${account.handle}, then schedule the post again. ${reason}`,
    );
  }

  // Waits while keeping the lease: long waits renew it halfway through each lease period.
  async function pause(ms: number): Promise<void> {
    let left = ms;
    while (left > 0 && !ctx.stop.stopping) {
      const chunk = Math.min(left, Math.max(1, Math.floor(ctx.options.leaseMs / 2)));
      await sleep(chunk);
      left -= chunk;
      if (left > 0 && !(await renewLease())) return;
    }
  }

  function renewLease(): Promise<boolean> {
    return record({
      type: 'record_progress',
      at: deps.clock.now(),
      leaseOwner: ctx.options.leaseOwner,
      progress: post.publishProgress ?? {},
      leaseUntil: new Date(deps.clock.now().getTime() + ctx.options.leaseMs),
    });
  }
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
      reason: `${PLATFORM_NAMES[gateway.platform]} could not be reached (${describe(error)}).`,
    };
  }
}

// Error names and messages only (adapter errors may carry request options), with any token
// that slipped into a URL in the message blanked out.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  return `${error.name}: ${error.message}`.replace(/(access_token=)[^&\s]+/gi, '$1[redacted]').slice(0, 300);
}

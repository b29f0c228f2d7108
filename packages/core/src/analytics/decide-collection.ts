import type { ConnectedAccount } from '../accounts/index.js';
import type { PostMetrics } from './analytics-metrics.js';
import type { CollectionJob, CollectionResult } from './collection-job.js';
import { dueCollectionSlot, nextCollectionAt } from './collection-schedule.js';
import type { MetricsAnswer } from './metrics-answer.js';

const MIN_RETRY_MS = 60_000;
// A refused account is not read again before a day has passed: a reconnect resets nothing here,
// and the daily retry finds it working again.
const REFUSED_RETRY_MS = 24 * 3_600_000;

/**
 * When the collections of an account that cannot be read (gone, disconnected, waiting for a
 * reconnect, without tokens) are tried again; null when it can be read. The figures read so far
 * stay: history is kept, nothing is failed.
 */
export function unreadableAccountRetry(account: ConnectedAccount | null, now: Date): Date | null {
  const readable =
    account !== null &&
    account.status === 'active' &&
    !account.needsReconnect &&
    account.sealedCredentials !== null;
  return readable ? null : new Date(now.getTime() + REFUSED_RETRY_MS);
}

/** What follows a metrics read for a batch of leased collections. */
export type CollectionDecision =
  /** Record each result (and release the leases). */
  | { readonly kind: 'record'; readonly results: readonly Omit<CollectionResult, 'leaseOwner'>[] }
  /** Refresh the account's tokens, then read again (once). */
  | { readonly kind: 'refresh_tokens' }
  /** Give the collections back, due again at `until`, without a snapshot. */
  | { readonly kind: 'defer'; readonly until: Date; readonly reason: string };

/**
 * The decision after reading metrics for `jobs` (all of one account) at `now`: each post's
 * figures recorded under the slot that has come, with its next read; a post the platform left
 * out or has no figures for is `not_available`; a token without the insights permission marks the
 * posts `scope_missing` (the account's coverage, not a failure) and they are read again at the
 * next slot; faults and rate limits give the posts back for later. `refreshed` says the tokens
 * were already refreshed for this read.
 */
export function decideCollection(
  jobs: readonly CollectionJob[],
  answer: MetricsAnswer,
  now: Date,
  refreshed: boolean,
): CollectionDecision {
  switch (answer.kind) {
    case 'read': {
      const byPost = new Map(answer.readings.map((reading) => [reading.postId, reading]));
      return {
        kind: 'record',
        results: jobs.map((job) => {
          const reading = byPost.get(job.postId);
          return reading?.kind === 'metrics'
            ? resultOf(job, now, 'collected', wholeCounts(reading.metrics))
            : resultOf(job, now, 'not_available', null);
        }),
      };
    }
    case 'scope_missing':
      return { kind: 'record', results: jobs.map((job) => resultOf(job, now, 'scope_missing', null)) };
    case 'token_expired':
      return refreshed
        ? {
            kind: 'defer',
            until: new Date(now.getTime() + REFUSED_RETRY_MS),
            reason: 'the platform refused the refreshed token',
          }
        : { kind: 'refresh_tokens' };
    case 'needs_reconnect':
      return { kind: 'defer', until: new Date(now.getTime() + REFUSED_RETRY_MS), reason: answer.reason };
    case 'retry':
      return {
        kind: 'defer',
        until: new Date(now.getTime() + Math.max(MIN_RETRY_MS, answer.afterMs)),
        reason: answer.reason,
      };
  }
}

function resultOf(
  job: CollectionJob,
  now: Date,
  status: CollectionResult['status'],
  metrics: CollectionResult['metrics'],
): Omit<CollectionResult, 'leaseOwner'> {
  // A read before the first slot (collected on request) stands for the first slot.
  const slot = Math.max(dueCollectionSlot(job.publishedAt, now) ?? 0, job.doneSlot ?? 0);
  return {
    postId: job.postId,
    at: now,
    status,
    slot,
    metrics,
    nextAt: nextCollectionAt(job.publishedAt, slot),
  };
}

// Every metric is a count; a platform answering a fraction (or a negative glitch) is stored as the
// nearest whole count of zero or more, so every store keeps the same figure.
function wholeCounts(metrics: PostMetrics): PostMetrics {
  const whole: Partial<Record<keyof PostMetrics, number>> = {};
  for (const [name, value] of Object.entries(metrics) as [keyof PostMetrics, number][]) {
    if (Number.isFinite(value)) whole[name] = Math.max(0, Math.round(value));
  }
  return whole;
}

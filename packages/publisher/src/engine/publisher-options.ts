import type { Platform } from '@svc/core';

/** How many publishes may run at once. */
export type ConcurrencyLimits = {
  /** In the whole process. */
  readonly global: number;
  /** Per platform; a number applies to every platform, a map names some (others get `global`). */
  readonly perPlatform: number | Readonly<Partial<Record<Platform, number>>>;
  /** Per connected account: platforms rate-limit per account, and one at a time keeps order. */
  readonly perAccount: number;
};

/** The publisher's tunables (docs/publishing.md). */
export type PublisherOptions = {
  /** Names this publisher in leases; unique per process. */
  readonly leaseOwner: string;
  /** Longest sleep between claim runs (SVC_PUBLISHER_INTERVAL_MS). */
  readonly intervalMs: number;
  /** How long a claim or a recorded step holds a post; a dead publisher's posts return after it. */
  readonly leaseMs: number;
  readonly concurrency: ConcurrencyLimits;
  /** Attempts (claims that ended in a transient failure) before a post fails for good. */
  readonly maxAttempts: number;
  /** First retry delay after a transient failure; doubles per attempt, with jitter. */
  readonly retryBaseMs: number;
  /** Longest retry delay. */
  readonly retryMaxMs: number;
  /** How long past its scheduled time a post may be deferred by platform quotas before it fails. */
  readonly maxDeferralMs: number;
  /** Longest platform wait sat through holding the post; longer ones hand it back (core's default 20 s). */
  readonly holdWaitsUpToMs?: number;
};

/** Defaults that suit one process publishing for a handful of users. */
export const DEFAULT_PUBLISHER_OPTIONS: Omit<PublisherOptions, 'leaseOwner'> = {
  intervalMs: 60_000,
  leaseMs: 120_000,
  concurrency: { global: 16, perPlatform: 8, perAccount: 1 },
  maxAttempts: 5,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxDeferralMs: 72 * 60 * 60_000,
};

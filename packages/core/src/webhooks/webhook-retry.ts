const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits between attempts of one delivery: quick retries for a blip, then ever longer ones,
 * ten attempts over about three days (71 h 35 min without jitter). The attempt after the last
 * wait is the last one.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  20 * HOUR,
];

/** An endpoint whose every attempt has failed for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 72 * HOUR;

/** A receiver's `Retry-After` is honoured up to this; beyond, the schedule's wait. */
const RETRY_AFTER_CAP_MS = 24 * HOUR;

/** What one attempt came to, as the delivery decision needs it. */
export type AttemptOutcome =
  | { readonly delivered: true }
  | {
      readonly delivered: false;
      /** The receiver's `Retry-After` in milliseconds, when it sent one with a 429 or 503. */
      readonly retryAfterMs: number | null;
      /** Why, in a few words, for the reason a disabled endpoint shows. */
      readonly error: string;
    };

/** What follows an attempt: the delivery's next step and the subscription's health. */
export type AttemptDecision = {
  readonly next: AttemptNext;
  readonly health: SubscriptionHealth;
};

/**
 * Decides what follows an attempt (the `attempts`-th of its round, counted at the claim):
 * - delivered: done, and the endpoint's run of failures (if any) ends;
 * - failed: retried after the schedule's wait (with ±10 % jitter from `jitter`, in [0, 1), so
 *   endpoints that failed together do not all come back at once), or later if the receiver asked
 *   to with `Retry-After`; given up after the last attempt;
 * - an endpoint failing since `WEBHOOK_DISABLE_AFTER_MS` ago or longer is disabled with the reason.
 */
export function decideAfterAttempt(input: {
  readonly attempts: number;
  readonly outcome: AttemptOutcome;
  readonly now: Date;
  readonly failingSince: Date | null;
  readonly jitter: number;
}): AttemptDecision {
  const { outcome, now } = input;
  if (outcome.delivered) {
    return {
      next: { status: 'delivered' },
      health: input.failingSince === null ? {} : { failingSince: null },
    };
  }
  const wait = WEBHOOK_RETRY_DELAYS_MS[input.attempts - 1];
  const asked = Math.min(Math.max(outcome.retryAfterMs ?? 0, 0), RETRY_AFTER_CAP_MS);
  const next: AttemptNext =
    wait === undefined
      ? { status: 'failed' }
      : {
          status: 'pending',
          at: new Date(now.getTime() + Math.max(wait * (0.9 + 0.2 * input.jitter), asked)),
        };
  const since = input.failingSince ?? now;
  if (now.getTime() - since.getTime() < WEBHOOK_DISABLE_AFTER_MS) {
    return { next, health: input.failingSince === null ? { failingSince: now } : {} };
  }
  return {
    next,
    health: {
      disable: {
        reason: `Every delivery has failed since ${since.toISOString()} (last: ${outcome.error}). Fix the endpoint, then enable the webhook again.`,
        at: now,
      },
    },
  };
}

/** A stable number in [0, 1) from a text: the jitter of one attempt, without a source of randomness. */
export function jitterOf(text: string): number {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

/** What comes after an attempt. */
export type AttemptNext =
  | { readonly status: 'delivered' }
  /** Try again at `at`. */
  | { readonly status: 'pending'; readonly at: Date }
  /** Give up on this delivery. */
  | { readonly status: 'failed' };

/** The subscription's health after an attempt; fields left out are kept. */
export type SubscriptionHealth = {
  /** A Date starts (or keeps) a run of failures; null ends one (after a success). */
  readonly failingSince?: Date | null;
  /** Disables the subscription (its owner re-enables it). Sets `updatedAt` to `at` too. */
  readonly disable?: { readonly reason: string; readonly at: Date };
};

import type { LeaseClaim } from '@svc/core';

/** How a worker that claims batches of work under leases runs (the collector, the comment replier). */
export type LeasedWorkerOptions = {
  /** Identifies this process's leases. */
  readonly leaseOwner: string;
  /** How long a claimed item is ours; past it another worker may take it (and checks what was done). */
  readonly leaseMs: number;
  /** How many items one round claims. */
  readonly batch: number;
  /** How often the loop looks for due work when nothing woke it (a safety net where wake-ups exist). */
  readonly intervalMs: number;
};

/** The claim of one round at `now`: up to a batch, leased to this process for `leaseMs`. */
export function leaseClaimOf(options: LeasedWorkerOptions, now: Date): LeaseClaim {
  return {
    now,
    leaseOwner: options.leaseOwner,
    leaseUntil: new Date(now.getTime() + options.leaseMs),
    limit: options.batch,
  };
}

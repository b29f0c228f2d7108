import type { Clock } from '../../kernel/index.js';
import type { RateLimitDecision } from '../decide-rate-limit.js';
import { type LeaseFractions, type LeaseSizes, leaseAsk, leaseGrant, leaseSizes } from '../lease-sizes.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { RateLimitPolicy } from '../rate-limit-policy.js';

/**
 * Decides requests against the API's rate limits in memory, sharing each quota with every other
 * process through the store by leasing it in blocks. One per process, shared by every surface
 * that counts against the same limits (REST and the tool endpoint).
 */
export type RateLimiter = {
  /**
   * Decides `cost` units of work of `subject` (a key id, an address) against `policy`, whole:
   * admitted from this process's leased credit or, up to a small advance, ahead of the lease that
   * will count it; refused once the counter has no more for this window. Waits for the store only
   * when neither covers the request (a burst bigger than the advance, a big batch); rejects with
   * the store's error when that lease fails. Refused requests are not counted.
   */
  decide(policy: RateLimitPolicy, subject: string, cost?: number): Promise<RateLimitDecision>;
};

/** What a limiter needs: the shared counters, and the time. */
export type RateLimiterDeps = { readonly store: RateLimitStore; readonly clock: Clock };

/** How much a limiter leases and admits in advance, as shares of each quota. */
export type RateLimiterOptions = { readonly fractions?: LeaseFractions };

/** One counter's window as this process sees it. */
type Budget = {
  /** Bumped when the window ends, so a lease answered after that cannot touch the next one. */
  epoch: number;
  /** The window's end: the counter's once a lease answered, before that the first request's. */
  windowEnd: number;
  /** The counter after this process's last lease, at most the quota. */
  known: number;
  /** Units leased and not used, minus those admitted in advance (negative: a debt). */
  available: number;
  /** The counter said it has no more for this window, for `quota`. */
  exhausted: boolean;
  /** The quota of the last request (a key's plan can change within a window). */
  quota: number;
  /** The lease in flight; at most one per counter. */
  lease: Promise<void> | null;
  /** Units of requests waiting for a lease. */
  waiting: number;
};

/** Budgets of windows that ended are dropped this often, when a new counter is first used. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A limiter over `store` (docs/rate-limits.md, "How it counts"). Per counter it keeps the current
 * window's credit; a lease is one atomic `hit` of the counter by the units asked, granted what the
 * quota had left before it. With one process every window admits exactly the quota; with P
 * processes on one store at most the quota plus P advances.
 */
export function createRateLimiter(deps: RateLimiterDeps, options: RateLimiterOptions = {}): RateLimiter {
  const budgets = new Map<string, Budget>();
  const sizesByQuota = new Map<number, LeaseSizes>();
  let sweptAt = Number.NEGATIVE_INFINITY;

  const sizesOf = (quota: number): LeaseSizes => {
    let sizes = sizesByQuota.get(quota);
    if (sizes === undefined) {
      sizes = leaseSizes(quota, options.fractions);
      sizesByQuota.set(quota, sizes);
    }
    return sizes;
  };

  const sweep = (at: number) => {
    if (at - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = at;
    for (const [key, budget] of budgets) {
      if (budget.windowEnd <= at && budget.lease === null && budget.waiting === 0) budgets.delete(key);
    }
  };

  const budgetOf = (key: string, windowMs: number, at: number, quota: number): Budget => {
    let budget = budgets.get(key);
    if (budget === undefined) {
      sweep(at);
      budget = {
        epoch: 0,
        windowEnd: at + windowMs,
        known: 0,
        available: 0,
        exhausted: false,
        quota,
        lease: null,
        waiting: 0,
      };
      budgets.set(key, budget);
    } else if (at >= budget.windowEnd) {
      // The window ended: what this process leased and did not use lapses with it, as it does in
      // the counter, and a debt of the old window is not the new one's.
      budget.epoch += 1;
      budget.windowEnd = at + windowMs;
      budget.known = 0;
      budget.available = 0;
      budget.exhausted = false;
    } else if (budget.quota !== quota) {
      // An owner who moved to a plan with a bigger quota need not wait for the window's end: the
      // next lease asks the counter again (and says no at once for a smaller one).
      budget.exhausted = false;
    }
    budget.quota = quota;
    return budget;
  };

  const lease = (key: string, budget: Budget, policy: RateLimitPolicy, windowMs: number): Promise<void> => {
    const { quota } = policy;
    const ask = leaseAsk(sizesOf(quota), quota, budget.known, budget.available, budget.waiting);
    const epoch = budget.epoch;
    let hit: ReturnType<RateLimitStore['hit']>;
    try {
      hit = deps.store.hit(key, deps.clock.now(), windowMs, ask);
    } catch (thrown) {
      hit = Promise.reject(thrown);
    }
    const running: Promise<void> = hit
      .then((counted) => {
        // Units leased for a window that has since ended lapsed with it.
        if (budget.epoch !== epoch) return;
        const granted = leaseGrant(quota, counted.count, ask);
        budget.available += granted;
        budget.known = Math.min(quota, counted.count);
        if (granted < ask || counted.count >= quota) budget.exhausted = true;
        // The counter's window is the shared one: another process may have started it earlier.
        budget.windowEnd = counted.windowStart.getTime() + windowMs;
      })
      .finally(() => {
        if (budget.lease === running) budget.lease = null;
      });
    budget.lease = running;
    // A failed background lease leaves the debt in place: the next lease asks for it again, and a
    // request that must wait meets the failure itself.
    running.catch(() => {});
    return running;
  };

  const decision = (
    policy: RateLimitPolicy,
    budget: Budget | undefined,
    at: number,
    cost: number,
    allowed: boolean,
  ): RateLimitDecision => {
    const windowEnd = budget === undefined || budget.windowEnd <= at ? null : budget.windowEnd;
    return {
      policy,
      allowed,
      // Exact with one process; with several, what this one knew at its last lease.
      remaining:
        budget === undefined || windowEnd === null
          ? policy.quota
          : Math.max(0, policy.quota - budget.known + budget.available),
      // Rounded up, and never 0: a client told to wait 0 seconds would come straight back.
      resetSeconds:
        windowEnd === null ? policy.windowSeconds : Math.max(1, Math.ceil((windowEnd - at) / 1000)),
      cost,
    };
  };

  return {
    async decide(policy, subject, cost = 1) {
      const key = `api:${policy.name}:${subject}`;
      const windowMs = policy.windowSeconds * 1000;
      const { quota } = policy;
      let at = deps.clock.now().getTime();
      // More than the whole quota never fits: refused without being counted, so it does not use up
      // what is left for the smaller requests that would.
      if (cost > quota) return decision(policy, budgets.get(key), at, cost, false);
      const sizes = sizesOf(quota);
      let budget = budgetOf(key, windowMs, at, quota);
      for (;;) {
        const advance = budget.exhausted ? 0 : Math.min(sizes.advance, Math.max(0, quota - budget.known));
        if (budget.available >= cost || cost - budget.available <= advance) {
          budget.available -= cost;
          if (!budget.exhausted && budget.lease === null && budget.available < sizes.refillBelow) {
            void lease(key, budget, policy, windowMs);
          }
          return decision(policy, budget, at, cost, true);
        }
        if (budget.exhausted) return decision(policy, budget, at, cost, false);
        // Neither credit nor the advance covers it: the one wait on the store, for the lease in
        // flight or one that asks for everything waiting. A lease grants all it asks or says the
        // counter has no more, so this ends.
        budget.waiting += cost;
        try {
          await (budget.lease ?? lease(key, budget, policy, windowMs));
        } finally {
          budget.waiting -= cost;
        }
        at = deps.clock.now().getTime();
        budget = budgetOf(key, windowMs, at, quota);
      }
    },
  };
}

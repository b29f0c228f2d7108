import type { Actor } from '../domain/actor.js';
import { addressRateLimitSubject } from '../domain/address-rate-limit-subject.js';
import { decideRateLimit, type RateLimitDecision } from '../domain/decide-rate-limit.js';
import {
  addressRateLimitPolicy,
  keyRateLimitPolicy,
  keyRateLimitSubject,
  type RateLimitPolicy,
  type RateLimitSettings,
} from '../domain/rate-limit-policy.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/** What counting a request needs. */
type RateLimitDeps = { readonly store: Pick<Store, 'rateLimits'>; readonly clock: Clock };

/**
 * Counts one request of `subject` (a key id, a client address) against `policy` in the shared
 * store, one round trip, and decides it. Refused requests count too: they cannot lengthen the
 * window, which started at the first request.
 */
export async function hitRateLimit(
  deps: RateLimitDeps,
  policy: RateLimitPolicy,
  subject: string,
): Promise<RateLimitDecision> {
  const now = deps.clock.now();
  const counted = await deps.store.rateLimits.hit(
    `api:${policy.name}:${subject}`,
    now,
    policy.windowSeconds * 1000,
    1,
  );
  return decideRateLimit(policy, counted, now);
}

/**
 * Counts a request against its client address (an IPv6 address by its /64), the same on every
 * surface; null when there are no limits or the address limit is off.
 */
export async function hitAddressRateLimit(
  deps: RateLimitDeps,
  settings: RateLimitSettings | undefined,
  address: string,
): Promise<RateLimitDecision | null> {
  const policy = settings === undefined ? null : addressRateLimitPolicy(settings);
  return policy === null ? null : hitRateLimit(deps, policy, addressRateLimitSubject(address));
}

/**
 * Counts an authenticated request against its credential (an API key, or an OAuth client for one
 * user) with the quota of the owner's plan; null when there are no limits or that plan's is off.
 */
export async function hitKeyRateLimit(
  deps: RateLimitDeps,
  settings: RateLimitSettings | undefined,
  actor: Actor,
): Promise<RateLimitDecision | null> {
  const policy = settings === undefined ? null : keyRateLimitPolicy(actor.user, deps.clock.now(), settings);
  return policy === null ? null : hitRateLimit(deps, policy, keyRateLimitSubject(actor));
}

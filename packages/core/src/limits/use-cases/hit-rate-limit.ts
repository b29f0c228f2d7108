import type { Store } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { actorOwner } from '../../identity/index.js';
import type { Clock } from '../../kernel/index.js';
import { addressRateLimitSubject } from '../address-rate-limit-subject.js';
import { decideRateLimit, type RateLimitDecision } from '../decide-rate-limit.js';
import {
  addressRateLimitPolicy,
  keyRateLimitPolicy,
  keyRateLimitSubject,
  type RateLimitPolicy,
  type RateLimitSettings,
  REVIEW_RATE_LIMIT_POLICY,
  registrationRateLimitPolicy,
} from '../rate-limit-policy.js';
import type { RateLimiter } from './create-rate-limiter.js';

/** What counting a request in the store needs. */
type RateLimitDeps = { readonly store: Pick<Store, 'rateLimits'>; readonly clock: Clock };

/** What deciding an API request needs: the process's limiter, and the time (for the owner's plan). */
export type ApiRateLimitDeps = { readonly rateLimiter: RateLimiter; readonly clock: Clock };

/**
 * Counts `cost` units of work of `subject` (a client address registering an OAuth client) against
 * `policy` in the shared store, in one atomic write per request, and decides them together.
 * Refused requests count too: they cannot lengthen the window, which started at the first request.
 * Only a batch larger than the whole quota, which can never pass, is refused without being counted.
 * For limits of a low rate; the API's own are decided in memory by a `RateLimiter`.
 */
export async function hitRateLimit(
  deps: RateLimitDeps,
  policy: RateLimitPolicy,
  subject: string,
  cost = 1,
): Promise<RateLimitDecision> {
  const now = deps.clock.now();
  const key = `api:${policy.name}:${subject}`;
  const windowMs = policy.windowSeconds * 1000;
  if (cost > policy.quota) {
    // A batch larger than the whole quota never fits: refused without being counted, so it does
    // not use up what is left of the window for the smaller requests that would.
    const counted = await deps.store.rateLimits.hit(key, now, windowMs, 0);
    return { ...decideRateLimit(policy, counted, now, cost), allowed: false };
  }
  const counted = await deps.store.rateLimits.hit(key, now, windowMs, cost);
  return decideRateLimit(policy, counted, now, cost);
}

/**
 * Decides `cost` requests (one, or the messages of a batch) against their client address (an IPv6
 * address by its /64), the same on every surface; null when there are no limits or the address
 * limit is off.
 */
export async function hitAddressRateLimit(
  deps: ApiRateLimitDeps,
  settings: RateLimitSettings | undefined,
  address: string,
  cost = 1,
): Promise<RateLimitDecision | null> {
  const policy = settings === undefined ? null : addressRateLimitPolicy(settings);
  return policy === null ? null : deps.rateLimiter.decide(policy, addressRateLimitSubject(address), cost);
}

/**
 * Decides `cost` units of work (one REST request, or each tool call of a batch) against their
 * credential (an API key, or an OAuth client for one user) with the quota of the owner's plan;
 * null when there are no limits or that plan's is off.
 */
export async function hitKeyRateLimit(
  deps: ApiRateLimitDeps,
  settings: RateLimitSettings | undefined,
  actor: Actor,
  cost = 1,
): Promise<RateLimitDecision | null> {
  const policy =
    settings === undefined ? null : keyRateLimitPolicy(actorOwner(actor), deps.clock.now(), settings);
  return policy === null ? null : deps.rateLimiter.decide(policy, keyRateLimitSubject(actor), cost);
}

/**
 * Counts an OAuth client registration against its client address (an IPv6 address by its /64)
 * under the registration policy (so many an hour); null when there are no limits or it is off.
 */
export async function hitRegistrationRateLimit(
  deps: RateLimitDeps,
  settings: RateLimitSettings | undefined,
  address: string,
): Promise<RateLimitDecision | null> {
  const policy = settings === undefined ? null : registrationRateLimitPolicy(settings);
  return policy === null ? null : hitRateLimit(deps, policy, addressRateLimitSubject(address));
}

/**
 * Counts a request to a review-link page against its client address (an IPv6 address by its /64)
 * under the review policy, in the shared store. Always on: the pages are open to anyone holding a
 * link, and the policy is far above what a person reviewing needs.
 */
export async function hitReviewRateLimit(deps: RateLimitDeps, address: string): Promise<RateLimitDecision> {
  return hitRateLimit(deps, REVIEW_RATE_LIMIT_POLICY, addressRateLimitSubject(address));
}

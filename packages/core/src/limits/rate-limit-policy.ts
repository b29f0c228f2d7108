import { type Actor, planStateAt, type User } from '../identity/index.js';

/** A limit as the `RateLimit-Policy` header names it: so many requests per window. */
export type RateLimitPolicy = {
  /**
   * The policy's name in the headers: `key` (per API key or OAuth client), `address`, or
   * `registration` (OAuth client registrations per address), `review` (a client's review-link
   * pages per address).
   */
  readonly name: 'key' | 'address' | 'registration' | 'review';
  /** Requests allowed per window. */
  readonly quota: number;
  readonly windowSeconds: number;
};

/**
 * Requests per minute of each limit; 0 turns that limit off. Per key (or OAuth client and user)
 * by the owner's plan (a beta tester counts as paid, an expired trial as trial, as for the other
 * plan limits), and per client address for every request, authenticated or not.
 */
export type RateLimitSettings = {
  readonly perKey: { readonly trial: number; readonly paid: number };
  readonly perAddress: number;
  /**
   * OAuth client registrations (`POST /oauth/register`, unauthenticated) per client address and
   * hour; 0 turns the limit off, absent means the default.
   */
  readonly registrationsPerHour?: number;
};

/**
 * Defaults (docs/rate-limits.md): 2 requests a second for a trial, 10 on a plan, 20 per address;
 * 20 client registrations an hour per address (an agent registers once per install).
 */
export const DEFAULT_RATE_LIMITS: Required<RateLimitSettings> = {
  perKey: { trial: 120, paid: 600 },
  perAddress: 1200,
  registrationsPerHour: 20,
};

/** Every limit of the API counts requests per minute. */
export const RATE_LIMIT_WINDOW_SECONDS = 60;

/** Client registrations are counted per hour: a legitimate client registers rarely. */
export const REGISTRATION_RATE_LIMIT_WINDOW_SECONDS = 3600;

/** The per-key policy of a caller's owner at `now`; null when that plan's limit is off. */
export function keyRateLimitPolicy(
  user: User,
  now: Date,
  settings: RateLimitSettings,
): RateLimitPolicy | null {
  const paid = user.betaTester || planStateAt(user, now) === 'paid';
  return policyOf('key', paid ? settings.perKey.paid : settings.perKey.trial);
}

/**
 * What a caller's credential is counted as: an API key by its id; an OAuth token by its client and
 * the user it acts for, since one client (an agent app known by its metadata URL) serves many
 * users, who must not share one allowance.
 */
export function keyRateLimitSubject(actor: Actor): string {
  return actor.oauthScopes === undefined ? actor.credentialId : `${actor.credentialId}@${actor.user.id}`;
}

/** The per-address policy; null when it is off. */
export function addressRateLimitPolicy(settings: RateLimitSettings): RateLimitPolicy | null {
  return policyOf('address', settings.perAddress);
}

/** The per-address policy of OAuth client registrations; null when it is off. */
export function registrationRateLimitPolicy(settings: RateLimitSettings): RateLimitPolicy | null {
  const perHour = settings.registrationsPerHour ?? DEFAULT_RATE_LIMITS.registrationsPerHour;
  return policyOf('registration', perHour, REGISTRATION_RATE_LIMIT_WINDOW_SECONDS);
}

function policyOf(
  name: RateLimitPolicy['name'],
  quota: number,
  windowSeconds = RATE_LIMIT_WINDOW_SECONDS,
): RateLimitPolicy | null {
  return quota > 0 ? { name, quota, windowSeconds } : null;
}

/**
 * A client's review-link pages (docs/teams.md, "Review links"), per client address: 300 a minute
 * covers opening a link of 100 posts (the page and each post's picture) a couple of times, and is
 * far from what guessing a 256-bit token would need; it stops a client hammering the pages.
 */
export const REVIEW_RATE_LIMIT_POLICY: RateLimitPolicy = {
  name: 'review',
  quota: 300,
  windowSeconds: RATE_LIMIT_WINDOW_SECONDS,
};

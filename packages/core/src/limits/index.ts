// @svc/core/limits — Rate limits: the per-key, per-address and sign-in budgets, and the headers that report them.
// This file is the area's contract: other areas and packages import only what it exports.
export { addressRateLimitSubject } from './address-rate-limit-subject.js';
export {
  decideRateLimit,
  type RateLimitDecision,
  rateLimitRefusal,
  retryAfterSeconds,
} from './decide-rate-limit.js';
export {
  DEFAULT_LEASE_FRACTIONS,
  type LeaseFractions,
  type LeaseSizes,
  leaseSizes,
} from './lease-sizes.js';
export type { RateLimitStore } from './ports/rate-limit-store.js';
export type { RateLimitCount } from './rate-limit-count.js';
export { rateLimitHeaders } from './rate-limit-headers.js';
export {
  addressRateLimitPolicy,
  DEFAULT_RATE_LIMITS,
  keyRateLimitPolicy,
  keyRateLimitSubject,
  RATE_LIMIT_WINDOW_SECONDS,
  type RateLimitPolicy,
  type RateLimitSettings,
  REGISTRATION_RATE_LIMIT_WINDOW_SECONDS,
  REVIEW_RATE_LIMIT_POLICY,
  registrationRateLimitPolicy,
} from './rate-limit-policy.js';
export {
  type ChangeOwnPasswordDeps,
  changeOwnPassword,
  type OwnPasswordChange,
} from './use-cases/change-own-password.js';
export { checkSignIn, type SignInCheck } from './use-cases/check-sign-in.js';
export {
  createRateLimiter,
  type RateLimiter,
  type RateLimiterDeps,
  type RateLimiterOptions,
} from './use-cases/create-rate-limiter.js';
export {
  type ApiRateLimitDeps,
  hitAddressRateLimit,
  hitKeyRateLimit,
  hitRateLimit,
  hitRegistrationRateLimit,
  hitReviewRateLimit,
} from './use-cases/hit-rate-limit.js';
export {
  createSignInLimiter,
  DEFAULT_SIGN_IN_LIMITS,
  type SignInLimiter,
  type SignInLimits,
} from './use-cases/sign-in-limiter.js';

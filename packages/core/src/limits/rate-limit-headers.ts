import { type RateLimitDecision, retryAfterSeconds } from './decide-rate-limit.js';

/**
 * The headers of an answer under rate limits, in the structured-field form of
 * draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy` lists each limit's quota and window,
 * `RateLimit` what is left of it and when it is whole again; a refused request also gets
 * `Retry-After`. No partition key is sent: it would name the key or address back.
 */
export function rateLimitHeaders(decisions: readonly RateLimitDecision[]): Record<string, string> {
  if (decisions.length === 0) return {};
  const headers: Record<string, string> = {
    'RateLimit-Policy': decisions
      .map((d) => `"${d.policy.name}";q=${d.policy.quota};w=${d.policy.windowSeconds}`)
      .join(', '),
    RateLimit: decisions.map((d) => `"${d.policy.name}";r=${d.remaining};t=${d.resetSeconds}`).join(', '),
  };
  const wait = retryAfterSeconds(decisions);
  if (wait > 0) headers['Retry-After'] = String(wait);
  return headers;
}

import type { PublishStep } from '@svc/core';
import type { TikTokFailure } from './tiktok-failure.js';
import { tiktokCodeAdvice } from './tiktok-reasons.js';

/** What a failed TikTok call means for a publish: one of the engine's step kinds other than progress. */
export type TikTokVerdict = Exclude<PublishStep, { kind: 'progress' } | { kind: 'published' }>;

const DAY_MS = 24 * 60 * 60_000;
// TikTok's limits are per minute, so a throttled call waits at least a whole window.
const RATE_LIMIT_RETRY_MS = 60_000;
const FAULT_RETRY_MS = 30_000;
const SCOPE_CODES = new Set(['scope_not_authorized', 'scope_permission_missed']);
const DEFER_CODES = new Set(['spam_risk_too_many_posts', 'spam_risk_too_many_pending_share']);
// The app's daily cap on creators posting through it (unaudited apps): nothing is wrong with the
// post, and the count starts again the next day.
const NEXT_DAY_CODES = new Set(['reached_active_user_cap']);

/** Classifies a failed TikTok call (platforms.md 2.4); pure, so it is tested on fixtures. */
export function classifyTikTokFailure(failure: TikTokFailure, now: Date): TikTokVerdict {
  const { code, status } = failure;
  const said = failure.message ?? failure.detail;
  if (code === 'access_token_invalid' || (code === null && status === 401)) return { kind: 'token_expired' };
  if (code !== null && SCOPE_CODES.has(code)) {
    return {
      kind: 'needs_reconnect',
      reason: `TikTok refused a permission (${code}): connect the account again and allow every permission asked for, posting included.`,
    };
  }
  if (code === 'rate_limit_exceeded' || status === 429) {
    return {
      kind: 'retry',
      afterMs: Math.max(RATE_LIMIT_RETRY_MS, failure.retryAfterMs ?? 0),
      reason: 'TikTok is rate limiting the account (rate_limit_exceeded).',
    };
  }
  // No answer, a server fault, or a 2xx answer of an unexpected shape: nothing to fix in the post.
  if (code === 'internal_error' || status === null || status >= 500 || (code === null && status < 400)) {
    return {
      kind: 'retry',
      afterMs: failure.retryAfterMs ?? FAULT_RETRY_MS,
      reason:
        code === null
          ? `TikTok had a temporary problem (${failure.detail}).`
          : `TikTok had a temporary problem (${code}): ${said}`,
    };
  }
  if (code !== null && DEFER_CODES.has(code)) {
    const until = new Date(now.getTime() + DAY_MS);
    return {
      kind: 'defer',
      until,
      reason: `${tiktokCodeAdvice(code) ?? said} The post waits until ${until.toISOString()}.`,
    };
  }
  if (code !== null && NEXT_DAY_CODES.has(code)) {
    const until = nextUtcDay(now);
    return {
      kind: 'defer',
      until,
      reason: `${tiktokCodeAdvice(code) ?? said} The post waits until ${until.toISOString()}.`,
    };
  }
  const advice = code === null ? null : tiktokCodeAdvice(code);
  if (advice !== null) return { kind: 'failed', reason: `${advice} (TikTok: ${code})` };
  if (code === 'invalid_file_upload') {
    return { kind: 'failed', reason: `TikTok refused the uploaded video: ${said}` };
  }
  return {
    kind: 'failed',
    reason:
      code === null
        ? `TikTok refused the request (${failure.detail}).`
        : `TikTok refused the request (${code}): ${said}`,
  };
}

// TikTok does not say when its day starts; the next UTC midnight is the earliest it can have, and
// a deferral that comes too early is answered with another one at no attempt's cost.
function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

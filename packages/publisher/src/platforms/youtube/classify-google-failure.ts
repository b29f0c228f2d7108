import type { PublishStep } from '@svc/core';
import type { GoogleFailure } from './google-failure.js';
import { nextPacificMidnight } from './next-pacific-midnight.js';

/** What a failed YouTube call means for a publish: one of the engine's step kinds. */
export type GoogleVerdict = Exclude<PublishStep, { kind: 'progress' } | { kind: 'published' }>;

const RETRY_MS = 30_000;
const RATE_LIMIT_RETRY_MS = 60_000;
const UPLOAD_LIMIT_DEFER_MS = 24 * 60 * 60_000;
const RATE_LIMITS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'uploadRateLimitExceeded']);
const QUOTA = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const TRANSIENT = new Set(['backendError', 'internalError', 'serviceUnavailable']);

// Refusals of the request itself (platforms.md 3.4): a person must change the post.
const FIX_THE_POST: Readonly<Record<string, string>> = {
  invalidTitle: 'YouTube refused the title: it must be 1 to 100 characters, without < or >.',
  invalidDescription: 'YouTube refused the description (the caption): at most 5000 bytes, without < or >.',
  invalidTags: 'YouTube refused the tags: at most 500 characters in all.',
  invalidCategoryId: 'YouTube refused the video category.',
  invalidPublishAt:
    'YouTube refused the scheduled publishing time: it must be in the future, on a private video.',
  mediaBodyRequired: 'YouTube received no video content.',
  defaultLanguageNotSet: 'YouTube needs the default language of the video details.',
};

// Account states no reconnect can fix.
const ACCOUNT_PROBLEMS: Readonly<Record<string, string>> = {
  youtubeSignupRequired:
    'The Google account has no YouTube channel. Create the channel on youtube.com, then schedule the post again.',
  authenticatedUserAccountSuspended: 'YouTube has suspended the account, so it cannot upload videos.',
  authenticatedUserAccountClosed: 'The YouTube account is closed, so it cannot upload videos.',
  accessNotConfigured:
    "The YouTube Data API is not enabled in this server's Google Cloud project; an administrator must enable it.",
};

/**
 * Classifies a failed YouTube call (platforms.md 3.4): refused tokens are refreshed, a used-up
 * daily quota waits for midnight Pacific time, rate limits and server faults are retried (an
 * upload resumes from what Google already has), and refusals of the request fail the post with
 * words a person can act on. Pure, so it is tested on fixtures.
 */
export function classifyGoogleFailure(failure: GoogleFailure, now: Date): GoogleVerdict {
  const { status, reason } = failure;
  const said = failure.message ?? reason ?? failure.detail;
  if (status === null) {
    return { kind: 'retry', afterMs: RETRY_MS, reason: `YouTube could not be reached (${failure.detail}).` };
  }
  if (reason !== null && QUOTA.has(reason)) {
    const until = nextPacificMidnight(now);
    return {
      kind: 'defer',
      until,
      reason:
        "The YouTube API quota of this server's Google project is used up for today; the post waits until " +
        `it resets at midnight Pacific time (${until.toISOString()}).`,
    };
  }
  if (reason === 'uploadLimitExceeded') {
    const until = new Date(now.getTime() + UPLOAD_LIMIT_DEFER_MS);
    return {
      kind: 'defer',
      until,
      reason: `The channel reached YouTube's limit of uploads for now; the post waits until ${until.toISOString()}.`,
    };
  }
  if (status === 429 || (reason !== null && RATE_LIMITS.has(reason))) {
    return {
      kind: 'retry',
      afterMs: RATE_LIMIT_RETRY_MS,
      reason: `YouTube is rate limiting the calls (${reason ?? status}).`,
    };
  }
  const accountProblem = reason === null ? undefined : ACCOUNT_PROBLEMS[reason];
  if (accountProblem !== undefined) return { kind: 'failed', reason: accountProblem };
  if (reason === 'insufficientPermissions') {
    return {
      kind: 'needs_reconnect',
      reason:
        'YouTube says a permission is missing; reconnect the account and allow every permission asked for.',
    };
  }
  if (status === 401) return { kind: 'token_expired' };
  if (status >= 500 || (reason !== null && TRANSIENT.has(reason))) {
    return {
      kind: 'retry',
      afterMs: RETRY_MS,
      reason: `YouTube had a temporary problem (${reason ?? failure.detail}).`,
    };
  }
  const fix = reason === null ? undefined : FIX_THE_POST[reason];
  if (fix !== undefined) return { kind: 'failed', reason: fix };
  return {
    kind: 'failed',
    reason: `YouTube refused the request (${reason ?? failure.detail}): ${said.replace(/\.$/, '')}.`,
  };
}

import type { PublishStep } from '@svc/core';
import { readableGraphError } from './graph-error-hints.js';
import type { GraphFailure } from './graph-failure.js';
import { graphThrottleWaitMs, isGraphThrottle } from './graph-throttle.js';
import { possessive } from './possessive.js';

/**
 * What a failed Graph call means for a publish: one of the engine's step kinds, or one of the
 * outcomes the container flow handles itself (`not_ready`: poll again; `new_container`: create
 * the containers afresh; `publish_again`: send the same publish again after `afterMs`, a few
 * times, then make a new container). Callers outside the container flow read the last two as a
 * retry.
 */
export type GraphVerdict =
  | Exclude<PublishStep, { kind: 'progress' } | { kind: 'published' }>
  | { readonly kind: 'not_ready' }
  | { readonly kind: 'new_container'; readonly reason: string }
  | { readonly kind: 'publish_again'; readonly afterMs: number; readonly reason: string };

/** What the classifier needs besides the failure. */
export type ClassifyContext = {
  /** The platform's display name, for reasons. */
  readonly platformName: string;
  readonly now: Date;
  /** How long to defer when the daily publishing limit is reached. */
  readonly quotaRetryMs: number;
};

const DEFAULT_RETRY_MS = 30_000;
const POLICY_BLOCK_RETRY_MS = 10 * 60_000;
/** Instagram 2207008: "try again 1–2 times in 30 seconds to 2 minutes" (error-codes page). */
export const PUBLISH_AGAIN_AFTER_MS = 60_000;
/** Instagram 2207051: the publish is suspected to be spam; code 4 here is not a rate limit. */
const SPAM_SUBCODE = 2207051;
// Subcodes documented as temporary ("Try again"): server error, download timeout, create-media
// failure, and Facebook's own upload/link hiccups.
const TRANSIENT_SUBCODES = new Set([2207001, 2207003, 2207032, 2207082, 1363047, 1609010, 1390008]);
// "Generate a new container and use it to try again": expired (2207020), unknown upload error (2207053).
const NEW_CONTAINER_SUBCODES: Readonly<Record<number, string>> = {
  2207020: 'let the media containers expire',
  2207053: 'had an unknown upload error',
};
// 190 subcodes a token refresh cannot fix: app removed, checkpoint, password changed,
// unconfirmed user, invalid token.
const RECONNECT_SUBCODES: Readonly<Record<number, string>> = {
  458: 'the app was removed from the account',
  459: 'the account must pass a security checkpoint first',
  460: 'the password was changed',
  464: 'the account is not confirmed',
  467: 'the access token is no longer valid',
};

/**
 * Classifies a failed Graph call (platforms.md §6, §1.4, §5.4; the Instagram error-codes page
 * and Graph's error-handling and rate-limiting pages); pure, so it is tested on fixtures.
 */
export function classifyGraphFailure(failure: GraphFailure, context: ClassifyContext): GraphVerdict {
  const { platformName: name } = context;
  const error = failure.error;
  const code = error?.code;
  const subcode = error?.error_subcode;
  const said = (error?.error_user_msg ?? error?.message ?? failure.detail).replace(/\.+$/, '');

  if (failure.paced) return throttled(failure, context, `${name}'s rate-limit usage is near its limit`);
  if (code === 190) {
    const why = RECONNECT_SUBCODES[subcode ?? Number.NaN];
    if (why !== undefined) return { kind: 'needs_reconnect', reason: `${name} refused the access: ${why}.` };
    return { kind: 'token_expired' };
  }
  if (code === 102) return { kind: 'token_expired' };
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return {
      kind: 'needs_reconnect',
      reason: `${name} refused a permission (${code}: ${said}); reconnect the account and grant every permission asked for.`,
    };
  }
  if (code === 9 || subcode === 2207042) {
    const until = new Date(context.now.getTime() + context.quotaRetryMs);
    return {
      kind: 'defer',
      until,
      reason: `${possessive(name)} publishing limit for the last 24 hours is reached; the post waits until ${until.toISOString()}.`,
    };
  }
  // Suspected spam arrives with code 4, the application rate limit's code: it is a refusal of
  // this post, and sending it again would only look more like spam.
  if (subcode === SPAM_SUBCODE)
    return { kind: 'failed', reason: readableGraphError(name, error, failure.detail) };
  // Threads may answer "Media Not Found" (24/4279009) to a publish right after its container
  // read FINISHED: a known race, so it is waited out like Instagram's "not ready".
  if (code === 9007 || subcode === 2207027 || subcode === 4279009) return { kind: 'not_ready' };
  const renew = NEW_CONTAINER_SUBCODES[subcode ?? Number.NaN];
  if (renew !== undefined) return { kind: 'new_container', reason: `${name} ${renew}` };
  if (subcode === 2207008) {
    return {
      kind: 'publish_again',
      afterMs: PUBLISH_AGAIN_AFTER_MS,
      reason: `${name} had a temporary error publishing the container (2207008): ${said}.`,
    };
  }
  if (code === 368) {
    return {
      kind: 'retry',
      afterMs: POLICY_BLOCK_RETRY_MS,
      reason: `${name} temporarily blocked posting from the account (368): ${said}.`,
    };
  }
  if (isGraphThrottle(code))
    return throttled(failure, context, `${name} is rate limiting the account (${code})`);
  const transient =
    code === 1 ||
    code === 2 ||
    code === -1 ||
    code === -2 ||
    error?.is_transient === true ||
    (subcode !== undefined && TRANSIENT_SUBCODES.has(subcode)) ||
    failure.status === null ||
    failure.status >= 500 ||
    (error === null && failure.status < 400);
  if (transient) {
    return {
      kind: 'retry',
      afterMs: failure.regainAccessMs ?? DEFAULT_RETRY_MS,
      reason:
        error === null
          ? `${name} had a temporary problem (${failure.detail}).`
          : `${name} had a temporary problem (${subcode ?? code ?? failure.detail}): ${said}.`,
    };
  }
  return { kind: 'failed', reason: readableGraphError(name, error, failure.detail) };
}

// Throttling is nobody's fault and Meta's windows are an hour (a day for Instagram's BUC): the
// post waits without spending an attempt, for Meta's estimate or a default sized to the window.
function throttled(failure: GraphFailure, context: ClassifyContext, what: string): GraphVerdict {
  const until = new Date(context.now.getTime() + graphThrottleWaitMs(failure));
  return { kind: 'defer', until, reason: `${what}; the post waits until ${until.toISOString()}.` };
}

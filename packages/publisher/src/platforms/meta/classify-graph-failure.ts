import type { PublishStep } from '@svc/core';
import { readableGraphError } from './graph-error-hints.js';
import type { GraphFailure } from './graph-failure.js';
import { possessive } from './possessive.js';

/**
 * What a failed Graph call means for a publish: one of the engine's step kinds, or one of two
 * outcomes the container flow handles itself (`not_ready`: poll again; `container_expired`:
 * create the containers afresh).
 */
export type GraphVerdict =
  | Exclude<PublishStep, { kind: 'progress' } | { kind: 'published' }>
  | { readonly kind: 'not_ready' }
  | { readonly kind: 'container_expired' };

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
const THROTTLE_CODES = new Set([4, 17, 32, 613, 341, 80001, 80002, 80006]);
// Subcodes documented as temporary: media download timeouts, upload hiccups, service errors.
const TRANSIENT_SUBCODES = new Set([2207003, 2207032, 2207053, 2207082, 1363047, 1609010, 1390008]);
// 190 subcodes a token refresh cannot fix: app removed, checkpoint, password changed,
// unconfirmed user, invalid token.
const RECONNECT_SUBCODES: Readonly<Record<number, string>> = {
  458: 'the app was removed from the account',
  459: 'the account must pass a security checkpoint first',
  460: 'the password was changed',
  464: 'the account is not confirmed',
  467: 'the access token is no longer valid',
};

/** Classifies a failed Graph call (platforms.md §6, §1.4, §5.4); pure, so it is tested on fixtures. */
export function classifyGraphFailure(failure: GraphFailure, context: ClassifyContext): GraphVerdict {
  const { platformName: name } = context;
  const error = failure.error;
  const code = error?.code;
  const subcode = error?.error_subcode;
  const said = error?.error_user_msg ?? error?.message ?? failure.detail;

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
  // Threads may answer "Media Not Found" (24/4279009) to a publish right after its container
  // read FINISHED: a known race, so it is waited out like Instagram's "not ready".
  if (code === 9007 || subcode === 2207027 || subcode === 4279009) return { kind: 'not_ready' };
  if (subcode === 2207020) return { kind: 'container_expired' };
  if (code === 368) {
    return {
      kind: 'retry',
      afterMs: POLICY_BLOCK_RETRY_MS,
      reason: `${name} temporarily blocked posting from the account (368): ${said}.`,
    };
  }
  if (code !== undefined && THROTTLE_CODES.has(code)) {
    return {
      kind: 'retry',
      afterMs: failure.regainAccessMs ?? DEFAULT_RETRY_MS,
      reason: `${name} is rate limiting the account (${code}).`,
    };
  }
  const transient =
    code === 1 ||
    code === 2 ||
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

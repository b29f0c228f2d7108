import { SECOND_FACTOR_STEP_MS } from '@svc/core';
import { cookieValue } from './cookie-value.js';

/**
 * The cookie of a pending second-factor step: only the random token of the server-side record
 * (core's `startSecondFactorStep`), scoped to the sign-in pages, gone when the step is.
 */
export const SECOND_FACTOR_COOKIE = 'svc_second_factor';

/** Where the step's pages live. */
export const SECOND_FACTOR_PATH = '/app/sign-in/second-factor';

/** The step token a Cookie header carries, or null. */
export function secondFactorTokenOf(header: string | undefined): string | null {
  return cookieValue(header, SECOND_FACTOR_COOKIE);
}

/** The Set-Cookie value that keeps a step token (or, with null, ends it). */
export function secondFactorCookie(token: string | null, secure: boolean): string {
  const flags = `Path=/app/sign-in; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return token === null
    ? `${SECOND_FACTOR_COOKIE}=; ${flags}; Max-Age=0`
    : `${SECOND_FACTOR_COOKIE}=${token}; ${flags}; Max-Age=${String(SECOND_FACTOR_STEP_MS / 1000)}`;
}

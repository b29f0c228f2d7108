import { cookieValue, strictCookie } from './cookie-value.js';

/**
 * The invitation cookie: `GET /invite/<token>` moves the token here, so the address bar and
 * history never keep it. HttpOnly, SameSite=Strict (a form of another site never carries it),
 * scoped to `/invite` (no console page or API route ever reads it), Secure on https; it lasts an
 * hour at most and is cleared once the invitation is accepted.
 */
export const INVITE_COOKIE = 'svc_invite';

/** How long the invitation cookie lasts at most (never past the invitation's expiry): one hour. */
export const INVITE_COOKIE_MS = 60 * 60 * 1000;

/** The invitation token a Cookie header carries, or null. */
export function inviteTokenOf(header: string | undefined): string | null {
  return cookieValue(header, INVITE_COOKIE);
}

/** The Set-Cookie value that keeps an invitation token for `maxAgeMs` (or, with null, clears it). */
export function inviteCookie(token: string | null, maxAgeMs: number, secure: boolean): string {
  return strictCookie(INVITE_COOKIE, '/invite', token, maxAgeMs, secure);
}

import { cookieValue } from '../cookie-value.js';

/** The cookie that ties a sign-in through the identity provider to the browser that started it. */
export const SIGN_ON_COOKIE = 'svc_sso';

/** How long a person has to sign in at the provider and come back. */
export const SIGN_ON_LIFETIME_MS = 10 * 60_000;

/**
 * The cookie's header: HttpOnly (no script reads it), SameSite=Lax (sent on the provider's redirect
 * back, a top-level GET, never on another site's form post), the whole site as its path (the
 * agents' sign-in page under /oauth reads it too), Secure on https. `null` clears it.
 */
export function signOnCookie(handle: string | null, secure: boolean): string {
  const life = handle === null ? 0 : SIGN_ON_LIFETIME_MS / 1000;
  return `${SIGN_ON_COOKIE}=${handle ?? ''}; Path=/; Max-Age=${life}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The handle the cookie carries, or null. */
export function signOnHandleOf(cookieHeader: string | undefined): string | null {
  const value = cookieValue(cookieHeader, SIGN_ON_COOKIE);
  return value !== null && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

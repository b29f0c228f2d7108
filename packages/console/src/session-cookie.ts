import { cookieValue } from './cookie-value.js';
/**
 * The console's session cookie: HttpOnly, SameSite=Lax, Secure on https. Its path is the whole
 * site, so the sandbox's pages can tell who is signed in when the operator exposes them
 * (docs/security.md); no other route reads it.
 */
export const SESSION_COOKIE = 'svc_console';

/** The session token a Cookie header carries, or null. */
export function sessionTokenOf(header: string | undefined): string | null {
  return cookieValue(header, SESSION_COOKIE);
}

/**
 * The Set-Cookie values that keep a session token (or, with null, end it). Each also removes the
 * cookie of earlier versions, scoped to /app, which a browser would otherwise send first.
 */
export function sessionCookie(token: string | null, secure: boolean): string[] {
  const flags = `HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const legacy = `${SESSION_COOKIE}=; Path=/app; ${flags}; Max-Age=0`;
  return token === null
    ? [`${SESSION_COOKIE}=; Path=/; ${flags}; Max-Age=0`, legacy]
    : [`${SESSION_COOKIE}=${token}; Path=/; ${flags}`, legacy];
}

// The Cookie header is read the same way by every surface (the single sign-on cookie too).
export { cookieValue } from '@svc/web';

/**
 * The Set-Cookie value of a credential cookie scoped to `path`: HttpOnly, SameSite=Strict, Secure
 * on https, kept `maxAgeMs` (at least a second); with a null token, the value that clears it.
 */
export function strictCookie(
  name: string,
  path: string,
  token: string | null,
  maxAgeMs: number,
  secure: boolean,
): string {
  const flags = `Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return token === null
    ? `${name}=; ${flags}; Max-Age=0`
    : `${name}=${token}; ${flags}; Max-Age=${Math.max(1, Math.floor(maxAgeMs / 1000))}`;
}

/** The value of the cookie `name` in a Cookie header, or null when it is absent or empty. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

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

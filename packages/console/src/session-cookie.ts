/** The console's session cookie: HttpOnly, SameSite=Lax, scoped to /app, Secure on https. */
export const SESSION_COOKIE = 'svc_console';

/** The session token a Cookie header carries, or null. */
export function sessionTokenOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || null;
  }
  return null;
}

/** The Set-Cookie value that keeps a session token (or, with null, ends it). */
export function sessionCookie(token: string | null, secure: boolean): string {
  const attributes = `Path=/app; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return token === null
    ? `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`
    : `${SESSION_COOKIE}=${token}; ${attributes}`;
}

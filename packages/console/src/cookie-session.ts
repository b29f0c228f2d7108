import type { IncomingMessage } from 'node:http';

/**
 * The session a request's cookie names: `tokenOf` finds the token in the cookie header and
 * `sessions` reads it; null when the request carries none, or one that has ended.
 */
export async function cookieSession<S>(
  req: IncomingMessage,
  tokenOf: (cookieHeader: string | undefined) => string | null,
  sessions: { read(token: string): Promise<S | null> },
): Promise<S | null> {
  const token = tokenOf(req.headers.cookie);
  return token === null ? null : sessions.read(token);
}

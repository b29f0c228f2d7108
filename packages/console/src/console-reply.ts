import type { WebReply } from '@svc/web';

/** What a console route answers: written by the web edge's one reply writer. */
export type ConsoleReply = WebReply;

/** An HTML page. */
export function htmlReply(status: number, body: string): ConsoleReply {
  return { status, body };
}

/**
 * A redirect after a form (303: the browser follows with GET, so reloading never resubmits), or
 * to sign in.
 */
export function redirectReply(
  location: string,
  headers: Readonly<Record<string, string | readonly string[]>> = {},
): ConsoleReply {
  return { status: 303, body: '', headers: { location, ...headers } };
}

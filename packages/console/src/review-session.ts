import type { CoreDeps } from '@svc/core';
import { cookieValue, strictCookie } from './cookie-value.js';

/**
 * The review cookie: the link's token is exchanged for it once, so the token leaves the address
 * bar and is never a standing credential. HttpOnly, SameSite=Strict, scoped to `/review` (no
 * console page or API route ever reads it), Secure on https.
 */
export const REVIEW_COOKIE = 'svc_review';

/** A client's review session: which link it reads, and the token every form carries back. */
export type ReviewSession = { readonly linkId: string; readonly csrf: string };

// Kept with the OAuth server's records, like the console's sessions: expired ones go with its sweep.
// `accountId` is the link's id, so a link's sessions could be listed.
const KIND = 'ReviewSession';
type Record_ = { accountId: string; csrf: string };

/** The review session token a Cookie header carries, or null. */
export function reviewTokenOf(header: string | undefined): string | null {
  return cookieValue(header, REVIEW_COOKIE);
}

/** The Set-Cookie value that keeps a review session for `maxAgeMs` (or, with null, ends it). */
export function reviewCookie(token: string | null, maxAgeMs: number, secure: boolean): string {
  return strictCookie(REVIEW_COOKIE, '/review', token, maxAgeMs, secure);
}

/** Review sessions, stored hashed like the console's. */
export type ReviewSessions = {
  /** Opens a session on a link until `until`; answers the cookie's token (shown nowhere else). */
  open(linkId: string, until: Date): Promise<string>;
  /** The session of a cookie token; null when unknown or expired. */
  read(token: string): Promise<ReviewSession | null>;
};

/** Creates the review sessions. */
export function createReviewSessions(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>,
): ReviewSessions {
  return {
    async open(linkId, until) {
      const token = deps.ids.secret();
      const record: Record_ = { accountId: linkId, csrf: deps.ids.secret() };
      await deps.store.oauth.upsert(KIND, deps.keyHasher.hash(token), record, until);
      return token;
    },
    async read(token) {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      const found = await deps.store.oauth.find(KIND, deps.keyHasher.hash(token));
      if (
        found === null ||
        found.expiresAt === null ||
        found.expiresAt.getTime() <= deps.clock.now().getTime()
      )
        return null;
      const record = found.payload as Record_;
      return { linkId: record.accountId, csrf: record.csrf };
    },
  };
}

/** A post as an account listing shows it, whatever the platform calls the fields. */
export type RecentPost = {
  readonly id: string;
  /** The caption or message; empty when the post has none. */
  readonly text: string;
  /** The platform's timestamp, e.g. `2026-01-15T12:00:00+0000`. */
  readonly createdAt: string;
  readonly permalink: string | null;
};

// The platform's clock and ours may disagree a little; a post made just before the recorded start
// of the publish call is still ours.
const CLOCK_SKEW_MS = 60_000;

/**
 * The newest of `posts` (newest first, as the platforms list them) carrying exactly `text` and made
 * no earlier than a minute before `since`: the post an answer-less publish call created.
 */
export function matchRecentPost(posts: readonly RecentPost[], text: string, since: Date): RecentPost | null {
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  const wanted = text.trim();
  const matches = posts.filter(
    (post) => post.text.trim() === wanted && parseGraphTime(post.createdAt) >= earliest,
  );
  return matches.reduce<RecentPost | null>(
    (newest, post) =>
      newest === null || parseGraphTime(post.createdAt) > parseGraphTime(newest.createdAt) ? post : newest,
    null,
  );
}

/** Milliseconds of a Graph timestamp such as `2026-01-15T12:00:00+0000`; NaN when unreadable. */
export function parseGraphTime(value: string): number {
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** One page of an account's listing, newest first, and the cursor of the next (null on the last). */
export type RecentPostsPage = { readonly posts: readonly RecentPost[]; readonly after: string | null };

// Pages read at most while looking: ten pages of 100 cover far more posting than a lease lasts.
const MAX_PAGES = 10;

/**
 * Looks for the post an answer-less publish call created, reading the listing page by page until
 * it reaches posts made before the start (less the skew allowance). One page is not enough: other
 * publishers may have posted to a busy account many times between the lost answer and the resume.
 */
export async function findRecentPost(
  readPage: (after: string | null) => Promise<RecentPostsPage>,
  text: string,
  since: Date,
): Promise<RecentPost | null> {
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const listing = await readPage(after);
    const match = matchRecentPost(listing.posts, text, since);
    if (match !== null) return match;
    const oldest = listing.posts.at(-1);
    if (listing.after === null || oldest === undefined || parseGraphTime(oldest.createdAt) < earliest) {
      return null;
    }
    after = listing.after;
  }
  return null;
}

import { PUBLIC_POST_STATUSES, type PublicPostStatus, publicStatus } from '../kernel/index.js';
import {
  contentHashOf,
  type Post,
  type PostListQuery,
  type PostPage,
  REPEAT_CANDIDATES,
  REPEATABLE_STATUSES,
  type RepeatQuery,
} from '../posts/index.js';
import { newestFirstPage } from './memory-newest-first-page.js';

// The read queries of the memory PostStore over a snapshot of its rows, kept apart so the store
// file stays about storage. They define the order and filters the SQL stores must match.

/** Whether a post passes an `accountIds` filter: every profile id it targets is allowed. */
function withinAccounts(post: Post, accountIds: readonly string[] | null): boolean {
  return accountIds === null || post.profileIds.every((id) => accountIds.includes(id));
}

/** Whether a post passes a list's platform, profile and scheduled-time filters. */
function matchesTargetAndTime(post: Post, query: PostListQuery): boolean {
  const { platform, profileId, scheduledFrom, scheduledTo } = query;
  if (platform != null && !post.platforms.includes(platform)) return false;
  if (profileId != null && !post.profileIds.includes(profileId)) return false;
  if (scheduledFrom == null && scheduledTo == null) return true;
  const time = post.scheduledTime?.getTime();
  if (time === undefined) return false;
  return (
    (scheduledFrom == null || time >= scheduledFrom.getTime()) &&
    (scheduledTo == null || time < scheduledTo.getTime())
  );
}

/** ASCII letters in lower case, the others as they are: the case folding every store does. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Whether a post passes a list's text filter: its caption or title contains the text, literally. */
function matchesText(post: Post, text: string | null | undefined): boolean {
  if (text == null) return true;
  const wanted = foldAscii(text);
  return foldAscii(post.caption).includes(wanted) || foldAscii(post.title ?? '').includes(wanted);
}

/** `listPosts` over every stored post. */
export function listPostsOf(all: Iterable<Post>, query: PostListQuery): PostPage {
  const matching = [...all].filter(
    (p) =>
      p.ownerId === query.ownerId &&
      p.deletedAt === null &&
      (query.statuses === null || query.statuses.includes(publicStatus(p.status))) &&
      withinAccounts(p, query.accountIds) &&
      matchesTargetAndTime(p, query) &&
      matchesText(p, query.text),
  );
  const { page, next } = newestFirstPage(matching, query.after, query.limit);
  return { posts: page, next };
}

/** `countPostsByStatus` over every stored post. */
export function countPostsByStatusOf(
  all: Iterable<Post>,
  ownerId: string,
  accountIds: readonly string[] | null,
): Record<PublicPostStatus, number> {
  const counts = Object.fromEntries(PUBLIC_POST_STATUSES.map((s) => [s, 0])) as Record<
    PublicPostStatus,
    number
  >;
  for (const p of all) {
    if (p.ownerId === ownerId && p.deletedAt === null && withinAccounts(p, accountIds)) {
      counts[publicStatus(p.status)] += 1;
    }
  }
  return counts;
}

const soonestFirst = (a: Post, b: Post) =>
  (a.scheduledTime?.getTime() ?? 0) - (b.scheduledTime?.getTime() ?? 0) || (a.id < b.id ? -1 : 1);

/** `postsWithContentBetween` over every stored post. */
export function postsWithContentBetweenOf(all: Iterable<Post>, query: RepeatQuery): Post[] {
  return [...all]
    .filter(
      (p) =>
        p.ownerId === query.ownerId &&
        REPEATABLE_STATUSES.includes(p.status) &&
        p.deletedAt === null &&
        p.scheduledTime !== null &&
        p.scheduledTime.getTime() >= query.from.getTime() &&
        p.scheduledTime.getTime() <= query.to.getTime() &&
        contentHashOf(p) === query.contentHash,
    )
    .slice(0, REPEAT_CANDIDATES);
}

/** `upcomingPosts` over every stored post. */
export function upcomingPostsOf(
  all: Iterable<Post>,
  ownerId: string,
  accountIds: readonly string[] | null,
  after: Date,
  limit: number,
): Post[] {
  return [...all]
    .filter(
      (p) =>
        p.ownerId === ownerId &&
        (p.status === 'scheduled' || p.status === 'publishing') &&
        p.deletedAt === null &&
        p.scheduledTime !== null &&
        p.scheduledTime.getTime() > after.getTime() &&
        withinAccounts(p, accountIds),
    )
    .sort(soonestFirst)
    .slice(0, Math.max(0, Math.floor(limit)));
}

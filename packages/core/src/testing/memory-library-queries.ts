import { ACCOUNT_HOLDING_STATUSES } from '../accounts/index.js';
import type { MediaAsset, MediaListQuery, MediaPage, MediaUse } from '../media/index.js';
import type { Post } from '../posts/index.js';
import { newestFirstPage } from './memory-newest-first-page.js';

/** A page of an owner's active assets, newest first, as the SQL stores read it. */
export function mediaPageOf(assets: Iterable<MediaAsset>, query: MediaListQuery): MediaPage {
  const { page, next } = newestFirstPage(
    [...assets].filter((m) => m.ownerId === query.ownerId && m.status === 'active'),
    query.after,
    query.limit,
  );
  return { assets: page, next };
}

/** The owner's posts (not deleted) using any of `mediaIds`, directly or as a derived copy's original. */
export function mediaUsesOf(posts: Iterable<Post>, ownerId: string, mediaIds: readonly string[]): MediaUse[] {
  const wanted = new Set(mediaIds);
  const uses = new Map<string, MediaUse>();
  for (const post of posts) {
    if (post.ownerId !== ownerId || post.deletedAt !== null) continue;
    for (const ref of post.media) {
      if (ref.kind !== 'asset') continue;
      for (const mediaId of [ref.mediaId, ref.derivedFrom]) {
        if (mediaId === undefined || !wanted.has(mediaId)) continue;
        uses.set(`${mediaId}\u0000${post.id}`, {
          mediaId,
          postId: post.id,
          status: post.status,
          profileIds: [...post.profileIds],
        });
      }
    }
  }
  return [...uses.values()];
}

/** Ids of the owner's posts (not deleted) still to go out to `accountId`, sorted. */
export function pendingPostIdsOf(posts: Iterable<Post>, ownerId: string, accountId: string): string[] {
  return [...posts]
    .filter(
      (p) =>
        p.ownerId === ownerId &&
        p.deletedAt === null &&
        ACCOUNT_HOLDING_STATUSES.includes(p.status) &&
        p.profileIds.includes(accountId),
    )
    .map((p) => p.id)
    .sort();
}

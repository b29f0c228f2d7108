import { ACCOUNT_HOLDING_STATUSES } from '../accounts/index.js';
import type { MediaAsset, MediaListQuery, MediaPage, MediaUse } from '../media/index.js';
import type { Post } from '../posts/index.js';

/** A page of an owner's active assets, newest first, as the SQL stores read it. */
export function mediaPageOf(assets: Iterable<MediaAsset>, query: MediaListQuery): MediaPage {
  const after = query.after;
  const listed = [...assets]
    .filter(
      (m) =>
        m.ownerId === query.ownerId &&
        m.status === 'active' &&
        (after === null ||
          m.createdAt.getTime() < after.createdAt.getTime() ||
          (m.createdAt.getTime() === after.createdAt.getTime() && m.id < after.id)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const page = listed.slice(0, Math.max(0, query.limit));
  const last = page.at(-1);
  return {
    assets: page,
    next:
      listed.length > page.length && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null,
  };
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

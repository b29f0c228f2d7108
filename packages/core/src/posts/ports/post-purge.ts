import type { DomainEvent } from '../../journal/index.js';
import type { MediaAsset } from '../../media/index.js';
import { mediaDeletedEvent } from '../../media/index.js';
import type { Post } from '../post.js';

/** One batch of the purge of soft-deleted posts (PostStore.purgeDeletedPosts). */
export type PostPurgeRequest = {
  /** Posts soft-deleted strictly before this time go: the start of the restore window. */
  readonly deletedBefore: Date;
  /** At most this many posts, oldest deletion first. */
  readonly limit: number;
  /** When the purge runs: the time of the `media.deleted` events of the copies it removes. */
  readonly at: Date;
};

/** What one purge batch removed. */
export type PostPurgeOutcome = {
  /** Posts removed, with their approvals and analytics rows. */
  readonly posts: number;
  /** Copies the service had made for those posts (converted, padded), no other post using them. */
  readonly mediaAssets: number;
};

/** What the purge reads of a post it removes. */
export type PurgedPost = Pick<Post, 'id' | 'ownerId' | 'media'>;

/** A copy the service made for a purged post: a slide naming the original it was derived from. */
export type DerivedCandidate = { readonly ownerId: string; readonly mediaId: string };

/** The copies the service made for these posts, each once per owner and asset. */
export function derivedCandidatesOf(posts: readonly PurgedPost[]): readonly DerivedCandidate[] {
  const found = new Map<string, DerivedCandidate>();
  for (const post of posts) {
    for (const slide of post.media) {
      if (slide.kind !== 'asset' || slide.derivedFrom === undefined) continue;
      found.set(`${post.ownerId}\u0000${slide.mediaId}`, { ownerId: post.ownerId, mediaId: slide.mediaId });
    }
  }
  return [...found.values()];
}

/**
 * The copies to remove with the purged posts (every store decides with this, inside the purge's
 * transaction): active assets of the post's owner, never imported from a link, that nothing keeps.
 * `kept` holds the ids a remaining post names as a slide's `mediaId` or `derivedFrom` (soft-deleted
 * posts included, since they may be restored) and the ids a source link of the owner points to (a
 * link imported later whose bytes equal the copy's was answered with the copy: the user's now).
 */
export function purgeableDerivedAssets(
  candidates: readonly DerivedCandidate[],
  assets: readonly MediaAsset[],
  kept: ReadonlySet<string>,
): readonly MediaAsset[] {
  const byId = new Map(assets.map((a) => [a.id, a]));
  return candidates.flatMap((candidate) => {
    const asset = byId.get(candidate.mediaId);
    const purgeable =
      asset !== undefined &&
      asset.ownerId === candidate.ownerId &&
      asset.status === 'active' &&
      asset.sourceUrl === null &&
      !kept.has(asset.id);
    return purgeable ? [asset] : [];
  });
}

/** The journal's record of the copies a purge removes: one `media.deleted` each. */
export function purgedAssetEvents(assets: readonly MediaAsset[], at: Date): readonly DomainEvent[] {
  return assets.map((asset) => mediaDeletedEvent(asset, at));
}

import { scriptSteps, type TxScript } from '../../kernel/index.js';
import {
  derivedCandidatesOf,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  purgeableDerivedAssets,
  purgedAssetEvents,
} from '../ports/post-purge.js';
import type { PostPurgeTx } from '../ports/post-purge-tx.js';

const tx = scriptSteps<PostPurgeTx>();

/**
 * `PostStore.purgeDeletedPosts`, one batch written once: the batch's posts go with what belongs to
 * them, then the copies the service made for them that nothing keeps (core's
 * `purgeableDerivedAssets`), with a `media.deleted` event each, all in the store's one transaction.
 */
export function* purgePostsScript(request: PostPurgeRequest): TxScript<PostPurgeTx, PostPurgeOutcome> {
  const batch = yield* tx.purgeBatch(request.deletedBefore, Math.max(0, Math.floor(request.limit)));
  if (batch.length === 0) return { posts: 0, mediaAssets: 0 };
  yield* tx.deletePosts(batch.map((post) => post.id));
  const candidates = derivedCandidatesOf(batch);
  if (candidates.length === 0) return { posts: batch.length, mediaAssets: 0 };
  const kept = new Set<string>();
  // Owners in one order, so concurrent purges take the owners' media locks in the same order.
  for (const ownerId of [...new Set(candidates.map((c) => c.ownerId))].sort()) {
    const mediaIds = candidates.filter((c) => c.ownerId === ownerId).map((c) => c.mediaId);
    for (const id of yield* tx.mediaKept(ownerId, mediaIds)) kept.add(id);
  }
  const assets = yield* tx.assetsByIds(candidates.map((c) => c.mediaId));
  const removed = purgeableDerivedAssets(candidates, assets, kept);
  for (const asset of removed) yield* tx.removeAsset(asset);
  yield* tx.appendEvents(purgedAssetEvents(removed, request.at));
  return { posts: batch.length, mediaAssets: removed.length };
}

import type { DomainEvent } from '../journal/index.js';
import type { MediaAsset } from '../media/index.js';
import {
  derivedCandidatesOf,
  type Post,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  purgeableDerivedAssets,
  purgedAssetEvents,
} from '../posts/index.js';
import type { MemoryAnalyticsStore } from './memory-analytics-store.js';
import type { MemoryApprovalStore } from './memory-approval-store.js';

/** The memory store's state the purge changes (the maps themselves, changed in place). */
export type MemoryPurgeState = {
  readonly posts: Map<string, Post>;
  readonly media: Map<string, MediaAsset>;
  /** Source link key → asset id. */
  readonly mediaSources: Map<string, string>;
  readonly storageUsed: Map<string, number>;
  readonly approvals: MemoryApprovalStore;
  readonly analytics: MemoryAnalyticsStore;
  readonly append: (events: readonly DomainEvent[]) => void;
};

/**
 * PostStore.purgeDeletedPosts in memory: one synchronous step, so atomic like the SQL stores'
 * transaction. Oldest deletion first, id breaking ties, as the SQL stores' index order.
 */
export function purgeMemoryPosts(state: MemoryPurgeState, request: PostPurgeRequest): PostPurgeOutcome {
  const before = request.deletedBefore.getTime();
  const batch = [...state.posts.values()]
    .filter((p) => p.deletedAt !== null && p.deletedAt.getTime() < before)
    .sort((a, b) => (a.deletedAt as Date).getTime() - (b.deletedAt as Date).getTime() || cmp(a.id, b.id))
    .slice(0, Math.max(0, Math.floor(request.limit)));
  if (batch.length === 0) return { posts: 0, mediaAssets: 0 };
  const ids = new Set(batch.map((p) => p.id));
  for (const id of ids) state.posts.delete(id);
  state.approvals.forgetPosts(ids);
  state.analytics.forgetPosts(ids);

  const candidates = derivedCandidatesOf(batch);
  const owners = new Set(candidates.map((c) => c.ownerId));
  const stillUsed = new Set<string>();
  for (const post of state.posts.values()) {
    if (!owners.has(post.ownerId)) continue;
    for (const slide of post.media) {
      if (slide.kind !== 'asset') continue;
      stillUsed.add(slide.mediaId);
      if (slide.derivedFrom !== undefined) stillUsed.add(slide.derivedFrom);
    }
  }
  // Source links imported later that were answered with a copy make it the user's.
  for (const [key, id] of state.mediaSources) {
    if (owners.has(key.slice(0, key.indexOf('\u0000')))) stillUsed.add(id);
  }
  const assets = candidates.flatMap((c) => {
    const asset = state.media.get(c.mediaId);
    return asset === undefined ? [] : [asset];
  });
  const removed = purgeableDerivedAssets(candidates, assets, stillUsed);
  for (const asset of removed) {
    state.media.delete(asset.id);
    for (const [key, id] of state.mediaSources) if (id === asset.id) state.mediaSources.delete(key);
    const used = state.storageUsed.get(asset.ownerId) ?? 0;
    state.storageUsed.set(asset.ownerId, Math.max(0, used - asset.sizeBytes));
  }
  state.append(purgedAssetEvents(removed, request.at));
  return { posts: batch.length, mediaAssets: removed.length };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

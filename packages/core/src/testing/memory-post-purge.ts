import type { DomainEvent } from '../journal/index.js';
import { runScript } from '../kernel/index.js';
import type { MediaAsset } from '../media/index.js';
import {
  type Post,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  type PostPurgeTx,
  purgePostsScript,
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
 * PostStore.purgeDeletedPosts in memory: core's purgePostsScript answered at once, so atomic like
 * the SQL stores' transaction. Oldest deletion first, id breaking ties, as the SQL stores' index order.
 */
export function purgeMemoryPosts(state: MemoryPurgeState, request: PostPurgeRequest): PostPurgeOutcome {
  return runScript(purgePostsScript(request), purgeTx(state));
}

function purgeTx(state: MemoryPurgeState): PostPurgeTx {
  return {
    purgeBatch: (deletedBefore, limit) =>
      [...state.posts.values()]
        .filter((p) => p.deletedAt !== null && p.deletedAt.getTime() < deletedBefore.getTime())
        .sort((a, b) => (a.deletedAt as Date).getTime() - (b.deletedAt as Date).getTime() || cmp(a.id, b.id))
        .slice(0, limit),
    deletePosts: (postIds) => {
      const ids = new Set(postIds);
      for (const id of ids) state.posts.delete(id);
      state.approvals.forgetPosts(ids);
      state.analytics.forgetPosts(ids);
    },
    mediaKept: (ownerId, mediaIds) => {
      const wanted = new Set(mediaIds);
      const kept = new Set<string>();
      for (const post of state.posts.values()) {
        if (post.ownerId !== ownerId) continue;
        for (const slide of post.media) {
          if (slide.kind !== 'asset') continue;
          for (const id of [slide.mediaId, slide.derivedFrom])
            if (id !== undefined && wanted.has(id)) kept.add(id);
        }
      }
      // Source links imported later that were answered with a copy make it the user's.
      for (const [key, id] of state.mediaSources) {
        if (key.slice(0, key.indexOf('\u0000')) === ownerId && wanted.has(id)) kept.add(id);
      }
      return [...kept];
    },
    assetsByIds: (ids) => ids.flatMap((id) => state.media.get(id) ?? []),
    removeAsset: (asset) => {
      state.media.delete(asset.id);
      for (const [key, id] of state.mediaSources) if (id === asset.id) state.mediaSources.delete(key);
      const used = state.storageUsed.get(asset.ownerId) ?? 0;
      state.storageUsed.set(asset.ownerId, Math.max(0, used - asset.sizeBytes));
    },
    appendEvents: (events) => state.append(events),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

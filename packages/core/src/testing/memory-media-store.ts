import type { DomainEvent } from '../journal/index.js';
import { type MediaAsset, type MediaStore, mediaDeletionRefusal } from '../media/index.js';
import type { Post } from '../posts/index.js';
import { createMemoryBlobRemovals } from './memory-blob-removals.js';
import { copy, copyOrNull, insertCopy } from './memory-copy.js';
import { mediaPageOf, mediaUsesOf } from './memory-library-queries.js';
import { ownerKey } from './memory-owner-key.js';

/** What the memory media store reads and changes (the maps themselves: the post purge changes them too). */
export type MemoryMediaSources = {
  readonly live: () => void;
  readonly media: Map<string, MediaAsset>;
  /** Source link key (`ownerKey`) → asset id. */
  readonly mediaSources: Map<string, string>;
  /** Bytes stored per owner. */
  readonly storageUsed: Map<string, number>;
  /** The posts, to tell where an asset is used. */
  readonly posts: ReadonlyMap<string, Post>;
  /** Appends events to the journal (the memory store's journal). */
  readonly append: (events: readonly DomainEvent[]) => void;
};

/** The MediaStore of the memory store: assets within the storage quota, uploads, blob removal claims. */
export function createMemoryMediaStore(sources: MemoryMediaSources): MediaStore {
  const { live, media, mediaSources, storageUsed, posts, append } = sources;
  const blobRemovals = createMemoryBlobRemovals(media);
  return {
    async addMediaAsset(asset, options) {
      live();
      if (blobRemovals.blocks(asset.blobKey, options.now, options.putSince))
        return { kind: 'blob_being_removed' };
      const existing = [...media.values()].find(
        (m) =>
          m.ownerId === asset.ownerId &&
          m.status === 'active' &&
          m.blobKey !== null &&
          m.blobKey === asset.blobKey,
      );
      const remember = (id: string) => {
        if (options.sourceUrl !== null) mediaSources.set(ownerKey(asset.ownerId, options.sourceUrl), id);
      };
      if (existing !== undefined) {
        remember(existing.id);
        return { kind: 'existing', asset: copy(existing) };
      }
      const used = storageUsed.get(asset.ownerId) ?? 0;
      if (used + asset.sizeBytes > options.storageLimitBytes) {
        return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: options.storageLimitBytes };
      }
      insertCopy(media, 'Media asset', asset);
      storageUsed.set(asset.ownerId, used + asset.sizeBytes);
      remember(asset.id);
      append(options.events ?? []);
      return { kind: 'added', asset: copy(asset) };
    },
    async insertPendingAsset(asset) {
      live();
      insertCopy(media, 'Media asset', asset);
    },
    async deleteAbandonedUploads(createdBefore, limit) {
      live();
      const abandoned = [...media.values()]
        .filter((a) => a.status === 'pending' && a.createdAt.getTime() < createdBefore.getTime())
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .slice(0, limit);
      for (const asset of abandoned) media.delete(asset.id);
      return abandoned.length;
    },
    async activatePendingAsset(id, file, options) {
      live();
      const pending = media.get(id);
      if (pending === undefined || pending.status !== 'pending') return { kind: 'not_pending' };
      if (blobRemovals.blocks(file.blobKey, options.now, options.putSince))
        return { kind: 'blob_being_removed' };
      const used = storageUsed.get(pending.ownerId) ?? 0;
      if (used + file.sizeBytes > options.storageLimitBytes) {
        return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: options.storageLimitBytes };
      }
      const active: MediaAsset = { ...pending, ...file, status: 'active' };
      media.set(id, active);
      storageUsed.set(pending.ownerId, used + file.sizeBytes);
      append(options.events ?? []);
      return { kind: 'activated', asset: copy(active) };
    },
    async findMediaBySource(ownerId, url) {
      live();
      const id = mediaSources.get(ownerKey(ownerId, url));
      const asset = id === undefined ? undefined : media.get(id);
      return asset === undefined || asset.status !== 'active' ? null : copy(asset);
    },
    async getMediaAsset(id) {
      live();
      return copyOrNull(media.get(id));
    },
    async getMediaAssets(ids) {
      live();
      return [...new Set(ids)].flatMap((id) => (media.has(id) ? [copy(media.get(id) as MediaAsset)] : []));
    },
    async getStorageUsed(ownerId) {
      live();
      return storageUsed.get(ownerId) ?? 0;
    },
    async isBlobReferenced(blobKey) {
      live();
      return [...media.values()].some((m) => m.blobKey === blobKey);
    },
    async listReferencedBlobs(blobKeys) {
      live();
      const wanted = new Set(blobKeys);
      return [
        ...new Set(
          [...media.values()].flatMap((m) =>
            m.blobKey !== null && wanted.has(m.blobKey) ? [m.blobKey] : [],
          ),
        ),
      ];
    },
    async claimBlobRemoval(request) {
      live();
      return blobRemovals.claimBlobRemoval(request);
    },
    async releaseBlobRemoval(blobKey, claimant, removedAt) {
      live();
      return blobRemovals.releaseBlobRemoval(blobKey, claimant, removedAt);
    },
    async forgetBlobRemovals(removedBefore) {
      live();
      return blobRemovals.forgetBlobRemovals(removedBefore);
    },
    async isBlobRemovalClaimed(blobKey, now) {
      live();
      return blobRemovals.isBlobRemovalClaimed(blobKey, now);
    },
    async listMediaAssets(query) {
      live();
      const page = mediaPageOf(media.values(), query);
      return { assets: page.assets.map(copy), next: page.next };
    },
    async listMediaUses(ownerId, mediaIds) {
      live();
      return mediaUsesOf(posts.values(), ownerId, mediaIds);
    },
    async deleteMediaAsset(request) {
      live();
      const asset = media.get(request.id);
      if (asset === undefined || asset.ownerId !== request.ownerId || asset.status !== 'active') {
        return { kind: 'not_found' };
      }
      const refused = mediaDeletionRefusal(mediaUsesOf(posts.values(), asset.ownerId, [asset.id]));
      if (refused !== null) return refused;
      media.delete(asset.id);
      for (const [key, id] of mediaSources) if (id === asset.id) mediaSources.delete(key);
      storageUsed.set(asset.ownerId, Math.max(0, (storageUsed.get(asset.ownerId) ?? 0) - asset.sizeBytes));
      append(request.events);
      return { kind: 'deleted', asset: copy(asset) };
    },
  };
}

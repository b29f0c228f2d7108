import {
  type ActivateMediaOutcome,
  type AddMediaOutcome,
  type DeleteMediaOutcome,
  type DomainEvent,
  type MediaAsset,
  type MediaStore,
  type MediaUse,
  mediaDeletionRefusal,
  type PostStatus,
  type UploadedFile,
} from '@svc/core';
import type { MediaAssetRowOf } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { rowInserter } from './row-inserter.js';
import { dateToSql, jsonFromSql, jsonToSql, SQLITE_ROWS, type SqliteTypes } from './sql-values.js';
import { createSqliteBlobRemovals } from './sqlite-blob-removals.js';
import type { SqliteJournal } from './sqlite-journal.js';

/** A row of `media_assets`. */
export type MediaAssetRow = MediaAssetRowOf<SqliteTypes>;

const { mediaAssetToRow } = SQLITE_ROWS;

/** The asset a `media_assets` row holds. */
export const { rowToMediaAsset } = SQLITE_ROWS;

/**
 * The owner's active assets newest first. The first WHERE terms repeat the partial index
 * `media_assets_owner_list` term for term, so a page reads only the rows it returns.
 */
const LIST_MEDIA_SQL = `SELECT * FROM media_assets
WHERE owner_id = @owner_id AND status = 'active'
  AND (@after_created_at IS NULL OR created_at < @after_created_at
       OR (created_at = @after_created_at AND id < @after_id))
ORDER BY created_at DESC, id DESC
LIMIT @limit`;

/**
 * The owner's posts (not deleted) whose slides name one of the ids, as the asset or as the
 * original it was derived from. Walks the owner's posts through `posts_owner_list` and their
 * slides as JSON: one statement for a whole page of assets.
 */
const MEDIA_USES_SQL = `SELECT DISTINCT used.value AS media_id, posts.id AS post_id, posts.status AS status,
  posts.profile_ids AS profile_ids
FROM posts, json_each(posts.media) AS slide,
  json_each(json_array(slide.value ->> '$.mediaId', slide.value ->> '$.derivedFrom')) AS used
WHERE posts.owner_id = @owner_id AND posts.deleted_at IS NULL
  AND used.value IN (SELECT value FROM json_each(@ids))`;

/** When a recording happens and when the put of its bytes began (see core's `blobRemovalBlocks`). */
type RecordingTimes = { readonly now?: Date | undefined; readonly putSince?: Date | undefined };

type MediaUseRow = { media_id: string; post_id: string; status: string; profile_ids: string };

/** The MediaStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteMediaStore(db: Database.Database, journal: SqliteJournal): MediaStore {
  // One statement: an upload completing at the same moment sees its asset either active or gone.
  const deleteAbandoned = db.prepare<[number, number]>(
    `DELETE FROM media_assets WHERE id IN (
       SELECT id FROM media_assets WHERE status = 'pending' AND created_at < ? ORDER BY created_at LIMIT ?)`,
  );
  const insertAsset = rowInserter<MediaAssetRow>(db, 'media_assets');
  const selectAsset = db.prepare<[string], MediaAssetRow>('SELECT * FROM media_assets WHERE id = ?');
  // json_each turns the id list into rows, so any number of ids is one statement.
  const selectAssets = db.prepare<[string], MediaAssetRow>(
    'SELECT * FROM media_assets WHERE id IN (SELECT value FROM json_each(?))',
  );
  const selectSameBytes = db.prepare<[string, string], MediaAssetRow>(
    "SELECT * FROM media_assets WHERE owner_id = ? AND blob_key = ? AND status = 'active' LIMIT 1",
  );
  const selectUsage = db
    .prepare<[string], number>('SELECT used_bytes FROM media_usage WHERE owner_id = ?')
    .pluck();
  const addUsage = db.prepare<[string, number]>(
    `INSERT INTO media_usage (owner_id, used_bytes) VALUES (?, ?)
     ON CONFLICT (owner_id) DO UPDATE SET used_bytes = used_bytes + excluded.used_bytes`,
  );
  const rememberSource = db.prepare<[string, string, string]>(
    'INSERT INTO media_sources (owner_id, url, media_id) VALUES (?, ?, ?) ON CONFLICT (owner_id, url) DO NOTHING',
  );
  const selectBySource = db.prepare<[string, string], MediaAssetRow>(
    `SELECT m.* FROM media_sources AS s JOIN media_assets AS m ON m.id = s.media_id
     WHERE s.owner_id = ? AND s.url = ? AND m.status = 'active'`,
  );
  const activate = db.prepare<[MediaAssetRow]>(
    `UPDATE media_assets SET status = 'active', content_type = @content_type, size_bytes = @size_bytes,
       width = @width, height = @height, duration_ms = @duration_ms, blob_key = @blob_key
     WHERE id = @id AND status = 'pending'`,
  );
  const selectPage = db.prepare<
    [{ owner_id: string; after_created_at: number | null; after_id: string | null; limit: number }],
    MediaAssetRow
  >(LIST_MEDIA_SQL);
  const selectUses = db.prepare<[{ owner_id: string; ids: string }], MediaUseRow>(MEDIA_USES_SQL);
  const uses = (ownerId: string, ids: readonly string[]): MediaUse[] =>
    selectUses.all({ owner_id: ownerId, ids: jsonToSql([...new Set(ids)]) }).map((row) => ({
      mediaId: row.media_id,
      postId: row.post_id,
      status: row.status as PostStatus,
      profileIds: jsonFromSql<string[]>(row.profile_ids),
    }));
  const deleteAsset = db.prepare<[string]>('DELETE FROM media_assets WHERE id = ?');
  const forgetSources = db.prepare<[string, string]>(
    'DELETE FROM media_sources WHERE owner_id = ? AND media_id = ?',
  );
  // Never below zero: usage counted before a quota existed may be less than the assets' sizes.
  const subtractUsage = db.prepare<[number, string]>(
    'UPDATE media_usage SET used_bytes = MAX(0, used_bytes - ?) WHERE owner_id = ?',
  );
  const selectBlobUse = db
    .prepare<[string], number>('SELECT 1 FROM media_assets WHERE blob_key = ? LIMIT 1')
    .pluck();

  const removals = createSqliteBlobRemovals(db);

  // Immediate, so the usage read and the write that raises it cannot interleave with another
  // writer, and a sweep's claim on the blob is either seen here or made after this asset exists.
  const add = db.transaction(
    (
      asset: MediaAsset,
      limit: number,
      sourceUrl: string | null,
      events: readonly DomainEvent[],
      times: RecordingTimes,
    ): AddMediaOutcome => {
      if (removals.blocks(asset.blobKey, times.now, times.putSince)) return { kind: 'blob_being_removed' };
      const remember = (mediaId: string) => {
        if (sourceUrl !== null) rememberSource.run(asset.ownerId, sourceUrl, mediaId);
      };
      const existing = asset.blobKey === null ? undefined : selectSameBytes.get(asset.ownerId, asset.blobKey);
      if (existing !== undefined) {
        remember(existing.id);
        return { kind: 'existing', asset: rowToMediaAsset(existing) };
      }
      const used = selectUsage.get(asset.ownerId) ?? 0;
      if (used + asset.sizeBytes > limit)
        return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: limit };
      insertAsset(mediaAssetToRow(asset));
      addUsage.run(asset.ownerId, asset.sizeBytes);
      remember(asset.id);
      journal.append(events);
      return { kind: 'added', asset };
    },
  ).immediate;

  const complete = db.transaction(
    (
      id: string,
      file: UploadedFile,
      limit: number,
      events: readonly DomainEvent[],
      times: RecordingTimes,
    ): ActivateMediaOutcome => {
      const pending = selectAsset.get(id);
      if (pending === undefined || pending.status !== 'pending') return { kind: 'not_pending' };
      if (removals.blocks(file.blobKey, times.now, times.putSince)) return { kind: 'blob_being_removed' };
      const used = selectUsage.get(pending.owner_id) ?? 0;
      if (used + file.sizeBytes > limit)
        return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: limit };
      const active: MediaAsset = { ...rowToMediaAsset(pending), ...file, status: 'active' };
      activate.run(mediaAssetToRow(active));
      addUsage.run(pending.owner_id, file.sizeBytes);
      journal.append(events);
      return { kind: 'activated', asset: active };
    },
  ).immediate;

  // Immediate, so no post can start using the asset between the check and the delete.
  const remove = db.transaction(
    (ownerId: string, id: string, events: readonly DomainEvent[]): DeleteMediaOutcome => {
      const row = selectAsset.get(id);
      if (row === undefined || row.owner_id !== ownerId || row.status !== 'active')
        return { kind: 'not_found' };
      const refused = mediaDeletionRefusal(uses(ownerId, [id]));
      if (refused !== null) return refused;
      deleteAsset.run(id);
      forgetSources.run(ownerId, id);
      subtractUsage.run(row.size_bytes, ownerId);
      journal.append(events);
      return { kind: 'deleted', asset: rowToMediaAsset(row) };
    },
  ).immediate;

  return {
    async addMediaAsset(asset, options) {
      return add(asset, options.storageLimitBytes, options.sourceUrl, options.events ?? [], options);
    },
    async insertPendingAsset(asset) {
      insertAsset(mediaAssetToRow(asset));
    },
    async deleteAbandonedUploads(createdBefore, limit) {
      return deleteAbandoned.run(dateToSql(createdBefore), limit).changes;
    },
    async activatePendingAsset(id, file, options) {
      return complete(id, file, options.storageLimitBytes, options.events ?? [], options);
    },
    async findMediaBySource(ownerId, url) {
      const row = selectBySource.get(ownerId, url);
      return row === undefined ? null : rowToMediaAsset(row);
    },
    async getMediaAsset(id) {
      const row = selectAsset.get(id);
      return row === undefined ? null : rowToMediaAsset(row);
    },
    async getMediaAssets(ids) {
      return ids.length === 0 ? [] : selectAssets.all(jsonToSql([...new Set(ids)])).map(rowToMediaAsset);
    },
    async getStorageUsed(ownerId) {
      return selectUsage.get(ownerId) ?? 0;
    },
    async isBlobReferenced(blobKey) {
      return selectBlobUse.get(blobKey) !== undefined;
    },
    listReferencedBlobs: removals.listReferencedBlobs,
    claimBlobRemoval: removals.claimBlobRemoval,
    releaseBlobRemoval: removals.releaseBlobRemoval,
    isBlobRemovalClaimed: removals.isBlobRemovalClaimed,
    forgetBlobRemovals: removals.forgetBlobRemovals,
    async listMediaAssets(query) {
      const limit = Math.max(0, Math.floor(query.limit));
      // One row more than asked tells whether another page follows.
      const rows = selectPage.all({
        owner_id: query.ownerId,
        after_created_at: query.after === null ? null : dateToSql(query.after.createdAt),
        after_id: query.after?.id ?? null,
        limit: limit + 1,
      });
      const assets = rows.slice(0, limit).map(rowToMediaAsset);
      const last = assets.at(-1);
      return {
        assets,
        next: rows.length > limit && last !== undefined ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },
    async listMediaUses(ownerId, mediaIds) {
      return mediaIds.length === 0 ? [] : uses(ownerId, mediaIds);
    },
    async deleteMediaAsset(request) {
      return remove(request.ownerId, request.id, request.events);
    },
  };
}

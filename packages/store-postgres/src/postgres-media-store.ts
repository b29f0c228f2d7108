// The PostgreSQL MediaStore: it stays whole because every quota-using write shares the owner lock,
// the usage counters and the row mapping, which are only safe read together.

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
import type { Pool, PoolClient } from 'pg';
import { insertRow } from './insert-row.js';
import { oneRow } from './one-row.js';
import { limitParam, numberFromBigint, PG_ROWS, type PgTypes } from './pg-values.js';
import {
  blobBeingRemoved,
  createPostgresBlobRemovals,
  type RecordingTimes,
} from './postgres-blob-removals.js';
import { appendEvents } from './postgres-journal.js';
import { withTransaction } from './with-transaction.js';

/** A row of `media_assets` as pg reads it (bigint as text). */
export type MediaAssetRow = MediaAssetRowOf<PgTypes>;

/** The asset a `media_assets` row holds. */
export const { rowToMediaAsset } = PG_ROWS;

/**
 * Serialises one owner's quota-using writes: the usage read and the write that raises it cannot
 * interleave with another upload of the same owner, so concurrent uploads cannot pass the quota
 * together. Held until the transaction ends.
 */
export const LOCK_OWNER_MEDIA_SQL = "SELECT pg_advisory_xact_lock(hashtextextended('svc:media:' || $1, 0))";

async function usedBytes(db: Pool | PoolClient, ownerId: string): Promise<number> {
  const result = await db.query<{ used_bytes: string }>(
    'SELECT used_bytes FROM media_usage WHERE owner_id = $1',
    [ownerId],
  );
  const row = result.rows[0];
  return row === undefined ? 0 : numberFromBigint(row.used_bytes);
}

async function addUsage(client: PoolClient, ownerId: string, bytes: number): Promise<void> {
  await client.query(
    `INSERT INTO media_usage (owner_id, used_bytes) VALUES ($1, $2)
     ON CONFLICT (owner_id) DO UPDATE SET used_bytes = media_usage.used_bytes + excluded.used_bytes`,
    [ownerId, bytes],
  );
}

async function add(
  client: PoolClient,
  asset: MediaAsset,
  limit: number,
  sourceUrl: string | null,
  events: readonly DomainEvent[],
  times: RecordingTimes,
): Promise<AddMediaOutcome> {
  await client.query(LOCK_OWNER_MEDIA_SQL, [asset.ownerId]);
  if (await blobBeingRemoved(client, asset.blobKey, times)) return { kind: 'blob_being_removed' };
  const remember = async (mediaId: string) => {
    if (sourceUrl === null) return;
    await client.query(
      'INSERT INTO media_sources (owner_id, url, media_id) VALUES ($1, $2, $3) ON CONFLICT (owner_id, url) DO NOTHING',
      [asset.ownerId, sourceUrl, mediaId],
    );
  };
  if (asset.blobKey !== null) {
    const same = await client.query<MediaAssetRow>(
      "SELECT * FROM media_assets WHERE owner_id = $1 AND blob_key = $2 AND status = 'active' LIMIT 1",
      [asset.ownerId, asset.blobKey],
    );
    const existing = same.rows[0];
    if (existing !== undefined) {
      await remember(existing.id);
      return { kind: 'existing', asset: rowToMediaAsset(existing) };
    }
  }
  const used = await usedBytes(client, asset.ownerId);
  if (used + asset.sizeBytes > limit)
    return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: limit };
  await insertRow(client, 'media_assets', PG_ROWS.mediaAssetToRow(asset));
  await addUsage(client, asset.ownerId, asset.sizeBytes);
  await remember(asset.id);
  await appendEvents(client, events);
  return { kind: 'added', asset };
}

async function activate(
  client: PoolClient,
  id: string,
  file: UploadedFile,
  limit: number,
  events: readonly DomainEvent[],
  times: RecordingTimes,
): Promise<ActivateMediaOutcome> {
  const owner = await client.query<{ owner_id: string }>('SELECT owner_id FROM media_assets WHERE id = $1', [
    id,
  ]);
  const ownerId = owner.rows[0]?.owner_id;
  if (ownerId === undefined) return { kind: 'not_pending' };
  await client.query(LOCK_OWNER_MEDIA_SQL, [ownerId]);
  // Read again under the lock: a racing completion of the same target may have won meanwhile.
  const current = await client.query<MediaAssetRow>('SELECT * FROM media_assets WHERE id = $1 FOR UPDATE', [
    id,
  ]);
  const pending = current.rows[0];
  if (pending === undefined || pending.status !== 'pending') return { kind: 'not_pending' };
  if (await blobBeingRemoved(client, file.blobKey, times)) return { kind: 'blob_being_removed' };
  const used = await usedBytes(client, ownerId);
  if (used + file.sizeBytes > limit)
    return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: limit };
  const active: MediaAsset = { ...rowToMediaAsset(pending), ...file, status: 'active' };
  await client.query(
    `UPDATE media_assets SET status = 'active', content_type = $2, size_bytes = $3, width = $4, height = $5,
       duration_ms = $6, blob_key = $7
     WHERE id = $1 AND status = 'pending'`,
    [
      id,
      active.contentType,
      active.sizeBytes,
      active.width,
      active.height,
      active.durationMs,
      active.blobKey,
    ],
  );
  await addUsage(client, ownerId, file.sizeBytes);
  await appendEvents(client, events);
  return { kind: 'activated', asset: active };
}

/** The owner's active assets newest first, in order of the partial index `media_assets_owner_list`. */
const LIST_MEDIA_SQL = `SELECT * FROM media_assets
WHERE owner_id = $1 AND status = 'active'
  AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::text))
ORDER BY created_at DESC, id DESC
LIMIT $4`;

/**
 * The owner's posts (not deleted) whose slides name one of the ids, as the asset or as the
 * original it was derived from: one statement for a whole page of assets.
 */
const MEDIA_USES_SQL = `SELECT DISTINCT used.media_id, p.id AS post_id, p.status, p.profile_ids
FROM posts AS p
  CROSS JOIN LATERAL jsonb_array_elements(p.media) AS slide
  CROSS JOIN LATERAL (VALUES (slide ->> 'mediaId'), (slide ->> 'derivedFrom')) AS used (media_id)
WHERE p.owner_id = $1 AND p.deleted_at IS NULL AND used.media_id = ANY ($2::text[])`;

async function mediaUses(
  db: Pool | PoolClient,
  ownerId: string,
  ids: readonly string[],
): Promise<MediaUse[]> {
  const result = await db.query<{ media_id: string; post_id: string; status: string; profile_ids: string[] }>(
    MEDIA_USES_SQL,
    [ownerId, [...new Set(ids)]],
  );
  return result.rows.map((row) => ({
    mediaId: row.media_id,
    postId: row.post_id,
    status: row.status as PostStatus,
    profileIds: row.profile_ids,
  }));
}

async function remove(
  client: PoolClient,
  ownerId: string,
  id: string,
  events: readonly DomainEvent[],
): Promise<DeleteMediaOutcome> {
  // The owner's lock orders the usage decrement with concurrent uploads' quota checks.
  await client.query(LOCK_OWNER_MEDIA_SQL, [ownerId]);
  const current = await client.query<MediaAssetRow>('SELECT * FROM media_assets WHERE id = $1 FOR UPDATE', [
    id,
  ]);
  const row = current.rows[0];
  if (row === undefined || row.owner_id !== ownerId || row.status !== 'active') return { kind: 'not_found' };
  const refused = mediaDeletionRefusal(await mediaUses(client, ownerId, [id]));
  if (refused !== null) return refused;
  await client.query('DELETE FROM media_assets WHERE id = $1', [id]);
  await client.query('DELETE FROM media_sources WHERE owner_id = $1 AND media_id = $2', [ownerId, id]);
  // Never below zero: usage counted before a quota existed may be less than the assets' sizes.
  await client.query('UPDATE media_usage SET used_bytes = GREATEST(0, used_bytes - $2) WHERE owner_id = $1', [
    ownerId,
    row.size_bytes,
  ]);
  await appendEvents(client, events);
  return { kind: 'deleted', asset: rowToMediaAsset(row) };
}

/** The MediaStore of a PostgreSQL database. */
export function createPostgresMediaStore(pool: Pool): MediaStore {
  const one = oneRow(pool, rowToMediaAsset);
  return {
    ...createPostgresBlobRemovals(pool),
    async addMediaAsset(asset, options) {
      return withTransaction(pool, (client) =>
        add(client, asset, options.storageLimitBytes, options.sourceUrl, options.events ?? [], options),
      );
    },
    async insertPendingAsset(asset) {
      await insertRow(pool, 'media_assets', PG_ROWS.mediaAssetToRow(asset));
    },
    async deleteAbandonedUploads(createdBefore, limit) {
      // Rows another sweep or an activation holds are skipped: they are theirs to finish.
      const result = await pool.query(
        `DELETE FROM media_assets WHERE id IN (
           SELECT id FROM media_assets WHERE status = 'pending' AND created_at < $1
           ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         AND status = 'pending'`,
        [createdBefore, limit],
      );
      return result.rowCount ?? 0;
    },
    async activatePendingAsset(id, file, options) {
      return withTransaction(pool, (client) =>
        activate(client, id, file, options.storageLimitBytes, options.events ?? [], options),
      );
    },
    async findMediaBySource(ownerId, url) {
      return one(
        `SELECT m.* FROM media_sources AS s JOIN media_assets AS m ON m.id = s.media_id
         WHERE s.owner_id = $1 AND s.url = $2 AND m.status = 'active'`,
        [ownerId, url],
      );
    },
    async getMediaAsset(id) {
      return one('SELECT * FROM media_assets WHERE id = $1', [id]);
    },
    async getMediaAssets(ids) {
      if (ids.length === 0) return [];
      const result = await pool.query<MediaAssetRow>(
        'SELECT * FROM media_assets WHERE id = ANY ($1::text[])',
        [[...new Set(ids)]],
      );
      return result.rows.map(rowToMediaAsset);
    },
    async getStorageUsed(ownerId) {
      return usedBytes(pool, ownerId);
    },
    async isBlobReferenced(blobKey) {
      const result = await pool.query('SELECT 1 FROM media_assets WHERE blob_key = $1 LIMIT 1', [blobKey]);
      return result.rowCount !== 0;
    },
    async listMediaAssets(query) {
      const limit = limitParam(query.limit);
      // One row more than asked tells whether another page follows.
      const result = await pool.query<MediaAssetRow>(LIST_MEDIA_SQL, [
        query.ownerId,
        query.after?.createdAt ?? null,
        query.after?.id ?? null,
        limit + 1,
      ]);
      const assets = result.rows.slice(0, limit).map(rowToMediaAsset);
      const last = assets.at(-1);
      return {
        assets,
        next:
          result.rows.length > limit && last !== undefined
            ? { createdAt: last.createdAt, id: last.id }
            : null,
      };
    },
    async listMediaUses(ownerId, mediaIds) {
      return mediaIds.length === 0 ? [] : mediaUses(pool, ownerId, mediaIds);
    },
    async deleteMediaAsset(request) {
      return withTransaction(pool, (client) => remove(client, request.ownerId, request.id, request.events));
    },
  };
}

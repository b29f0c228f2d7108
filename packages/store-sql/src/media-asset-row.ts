import type { MediaAsset } from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `media_assets` row in a dialect's column types, as `SELECT *` reads it. */
export type MediaAssetRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  status: string;
  content_type: string;
  size_bytes: T['bigint'];
  width: number | null;
  height: number | null;
  duration_ms: T['bigint'] | null;
  blob_key: string | null;
  source_url: string | null;
  created_at: T['date'];
};

/** The row that stores an asset. */
export function mediaAssetToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  asset: MediaAsset,
): MediaAssetRowOf<T> {
  return {
    id: asset.id,
    owner_id: asset.ownerId,
    status: asset.status,
    content_type: asset.contentType,
    size_bytes: codec.bigintToSql(asset.sizeBytes),
    width: asset.width,
    height: asset.height,
    duration_ms: orNull(asset.durationMs, codec.bigintToSql),
    blob_key: asset.blobKey,
    source_url: asset.sourceUrl,
    created_at: codec.dateToSql(asset.createdAt),
  };
}

/** The asset a `media_assets` row holds. */
export function sqlRowToMediaAsset<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: MediaAssetRowOf<T>,
): MediaAsset {
  return {
    id: row.id,
    ownerId: row.owner_id,
    status: row.status as MediaAsset['status'],
    contentType: row.content_type,
    sizeBytes: codec.bigintFromSql(row.size_bytes),
    width: row.width,
    height: row.height,
    durationMs: orNull(row.duration_ms, codec.bigintFromSql),
    blobKey: row.blob_key,
    sourceUrl: row.source_url,
    createdAt: codec.dateFromSql(row.created_at),
  };
}

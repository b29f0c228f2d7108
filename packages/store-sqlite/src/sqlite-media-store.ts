import type { MediaAsset, MediaStore } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateFromSql, dateToSql, jsonToSql } from './sql-values.js';

type MediaAssetRow = {
  id: string;
  owner_id: string;
  status: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  blob_key: string | null;
  source_url: string | null;
  created_at: number;
};

function mediaAssetToRow(asset: MediaAsset): MediaAssetRow {
  return {
    id: asset.id,
    owner_id: asset.ownerId,
    status: asset.status,
    content_type: asset.contentType,
    size_bytes: asset.sizeBytes,
    width: asset.width,
    height: asset.height,
    duration_ms: asset.durationMs,
    blob_key: asset.blobKey,
    source_url: asset.sourceUrl,
    created_at: dateToSql(asset.createdAt),
  };
}

function rowToMediaAsset(row: MediaAssetRow): MediaAsset {
  return {
    id: row.id,
    ownerId: row.owner_id,
    status: row.status as MediaAsset['status'],
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms,
    blobKey: row.blob_key,
    sourceUrl: row.source_url,
    createdAt: dateFromSql(row.created_at),
  };
}

/** The MediaStore of a SQLite database. Statements are prepared once, here. */
export function createSqliteMediaStore(db: Database.Database): MediaStore {
  const insertAsset = db.prepare<[MediaAssetRow]>(
    `INSERT INTO media_assets (
       id, owner_id, status, content_type, size_bytes, width, height, duration_ms, blob_key, source_url, created_at
     ) VALUES (
       @id, @owner_id, @status, @content_type, @size_bytes, @width, @height, @duration_ms, @blob_key, @source_url, @created_at
     )`,
  );
  // The ids travel as one JSON array, so any number of them fits one prepared statement.
  const selectAssets = db.prepare<[string], MediaAssetRow>(
    'SELECT * FROM media_assets WHERE id IN (SELECT value FROM json_each(?))',
  );

  return {
    async insertMediaAsset(asset) {
      insertAsset.run(mediaAssetToRow(asset));
    },
    async getMediaAssets(ids) {
      if (ids.length === 0) return [];
      return selectAssets.all(jsonToSql(ids)).map(rowToMediaAsset);
    },
  };
}

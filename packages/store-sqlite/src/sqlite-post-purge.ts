import {
  type MediaRef,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  type PostPurgeTx,
  purgePostsScript,
  runScript,
} from '@svc/core';
import type Database from 'better-sqlite3';
import { dateToSql, jsonFromSql, jsonToSql } from './sql-values.js';
import type { SqliteJournal } from './sqlite-journal.js';
import { type MediaAssetRow, rowToMediaAsset } from './sqlite-media-store.js';

/**
 * The purge's batch: soft-deleted posts by deletion time, read in the order of the partial index
 * `posts_deleted` (its WHERE term repeated here so SQLite uses it), so only the batch's rows are
 * read. Exported for the test that checks its query plan.
 */
export const SELECT_PURGE_BATCH_SQL = `SELECT id, owner_id, media FROM posts
WHERE deleted_at IS NOT NULL AND deleted_at < ?
ORDER BY deleted_at, id
LIMIT ?`;

/**
 * The ids among @ids that the owner's remaining posts name as a slide's asset or original, among
 * live posts (`IS NULL`, through `posts_owner_list`) or soft-deleted ones (`IS NOT NULL`, through
 * `posts_owner_deleted`): two statements, since each partial index matches only its own term.
 */
export const stillUsedSql = (deleted: 'IS NULL' | 'IS NOT NULL') => `SELECT DISTINCT used.value AS media_id
FROM posts, json_each(posts.media) AS slide,
  json_each(json_array(slide.value ->> '$.mediaId', slide.value ->> '$.derivedFrom')) AS used
WHERE posts.owner_id = @owner_id AND posts.deleted_at ${deleted}
  AND used.value IN (SELECT value FROM json_each(@ids))`;

type PurgeRow = { id: string; owner_id: string; media: string };

/**
 * PostStore.purgeDeletedPosts for SQLite: one IMMEDIATE transaction per batch, so a second process
 * purging at the same time waits and then finds the batch gone.
 */
export function createSqlitePostPurge(
  db: Database.Database,
  journal: SqliteJournal,
): (request: PostPurgeRequest) => PostPurgeOutcome {
  const selectBatch = db.prepare<[number, number], PurgeRow>(SELECT_PURGE_BATCH_SQL);
  const byIds = (table: string, column: string) =>
    db.prepare<[string]>(`DELETE FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?))`);
  const deletes = [
    byIds('posts', 'id'),
    byIds('approvals', 'post_id'),
    byIds('post_collections', 'post_id'),
    byIds('metric_snapshots', 'post_id'),
  ];
  const liveUses = db.prepare<{ owner_id: string; ids: string }, { media_id: string }>(
    stillUsedSql('IS NULL'),
  );
  const deletedUses = db.prepare<{ owner_id: string; ids: string }, { media_id: string }>(
    stillUsedSql('IS NOT NULL'),
  );
  // A link imported later whose bytes equal a copy's was answered with the copy: the user's now.
  const linked = db.prepare<{ owner_id: string; ids: string }, { media_id: string }>(
    'SELECT DISTINCT media_id FROM media_sources WHERE owner_id = @owner_id AND media_id IN (SELECT value FROM json_each(@ids))',
  );
  const selectAssets = db.prepare<[string], MediaAssetRow>(
    'SELECT * FROM media_assets WHERE id IN (SELECT value FROM json_each(?))',
  );
  const deleteAsset = db.prepare<[string]>('DELETE FROM media_assets WHERE id = ?');
  const forgetSources = db.prepare<[string, string]>(
    'DELETE FROM media_sources WHERE owner_id = ? AND media_id = ?',
  );
  const subtractUsage = db.prepare<[number, string]>(
    'UPDATE media_usage SET used_bytes = MAX(0, used_bytes - ?) WHERE owner_id = ?',
  );

  // The small calls of core's purgePostsScript.
  const purgeTx: PostPurgeTx = {
    purgeBatch: (deletedBefore, limit) =>
      selectBatch
        .all(dateToSql(deletedBefore), limit)
        .map((r) => ({ id: r.id, ownerId: r.owner_id, media: jsonFromSql<MediaRef[]>(r.media) })),
    deletePosts: (ids) => {
      for (const statement of deletes) statement.run(jsonToSql(ids));
    },
    mediaKept: (ownerId, mediaIds) => {
      const params = { owner_id: ownerId, ids: jsonToSql(mediaIds) };
      return [...liveUses.all(params), ...deletedUses.all(params), ...linked.all(params)].map(
        (row) => row.media_id,
      );
    },
    assetsByIds: (ids) => selectAssets.all(jsonToSql(ids)).map(rowToMediaAsset),
    removeAsset: (asset) => {
      deleteAsset.run(asset.id);
      forgetSources.run(asset.ownerId, asset.id);
      subtractUsage.run(asset.sizeBytes, asset.ownerId);
    },
    appendEvents: (events) => journal.append(events),
  };

  return db.transaction(
    (request: PostPurgeRequest): PostPurgeOutcome => runScript(purgePostsScript(request), purgeTx),
  ).immediate;
}

import {
  derivedCandidatesOf,
  type MediaRef,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  purgeableDerivedAssets,
  purgedAssetEvents,
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

  return db.transaction((request: PostPurgeRequest): PostPurgeOutcome => {
    const rows = selectBatch.all(dateToSql(request.deletedBefore), Math.max(0, Math.floor(request.limit)));
    if (rows.length === 0) return { posts: 0, mediaAssets: 0 };
    const ids = jsonToSql(rows.map((r) => r.id));
    for (const statement of deletes) statement.run(ids);

    const candidates = derivedCandidatesOf(
      rows.map((r) => ({ id: r.id, ownerId: r.owner_id, media: jsonFromSql<MediaRef[]>(r.media) })),
    );
    if (candidates.length === 0) return { posts: rows.length, mediaAssets: 0 };
    const stillUsed = new Set<string>();
    for (const ownerId of new Set(candidates.map((c) => c.ownerId))) {
      const params = {
        owner_id: ownerId,
        ids: jsonToSql(candidates.filter((c) => c.ownerId === ownerId).map((c) => c.mediaId)),
      };
      for (const row of [...liveUses.all(params), ...deletedUses.all(params), ...linked.all(params)]) {
        stillUsed.add(row.media_id);
      }
    }
    const assets = selectAssets.all(jsonToSql(candidates.map((c) => c.mediaId))).map(rowToMediaAsset);
    const removed = purgeableDerivedAssets(candidates, assets, stillUsed);
    for (const asset of removed) {
      deleteAsset.run(asset.id);
      forgetSources.run(asset.ownerId, asset.id);
      subtractUsage.run(asset.sizeBytes, asset.ownerId);
    }
    journal.append(purgedAssetEvents(removed, request.at));
    return { posts: rows.length, mediaAssets: removed.length };
  }).immediate;
}

import {
  type AsyncTx,
  type MediaRef,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  type PostPurgeTx,
  purgePostsScript,
  runScriptAsync,
} from '@svc/core';
import type { Pool, PoolClient } from 'pg';
import { appendEvents } from './postgres-journal.js';
import { LOCK_OWNER_MEDIA_SQL, type MediaAssetRow, rowToMediaAsset } from './postgres-media-store.js';
import { withTransaction } from './with-transaction.js';

/**
 * The purge's batch: soft-deleted posts by deletion time through the partial index `posts_deleted`,
 * locked; rows another purge holds are skipped, so concurrent purges take disjoint batches.
 * Exported for the test that checks its query plan.
 */
export const SELECT_PURGE_BATCH_SQL = `SELECT id, owner_id, media FROM posts
WHERE deleted_at IS NOT NULL AND deleted_at < $1
ORDER BY deleted_at, id
LIMIT $2
FOR UPDATE SKIP LOCKED`;

/**
 * The ids among $2 that the owner's remaining posts (live and soft-deleted: `posts_owner_list`
 * and `posts_owner_deleted`) name as a slide's asset or original.
 */
const STILL_USED_SQL = `SELECT DISTINCT used.media_id
FROM posts AS p
  CROSS JOIN LATERAL jsonb_array_elements(p.media) AS slide
  CROSS JOIN LATERAL (VALUES (slide ->> 'mediaId'), (slide ->> 'derivedFrom')) AS used (media_id)
WHERE p.owner_id = $1 AND used.media_id = ANY ($2::text[])`;

type PurgeRow = { id: string; owner_id: string; media: MediaRef[] };

/** The statements removing a batch's rows, each by the batch's post ids ($1). */
const DELETE_BY_POSTS = [
  'DELETE FROM posts WHERE id = ANY ($1::text[])',
  'DELETE FROM approvals WHERE post_id = ANY ($1::text[])',
  'DELETE FROM post_collections WHERE post_id = ANY ($1::text[])',
  'DELETE FROM metric_snapshots WHERE post_id = ANY ($1::text[])',
];

/** PostStore.purgeDeletedPosts for PostgreSQL: one transaction per batch. */
export function purgePostgresPosts(pool: Pool, request: PostPurgeRequest): Promise<PostPurgeOutcome> {
  return withTransaction(pool, (client) => runScriptAsync(purgePostsScript(request), purgeTx(client)));
}

/** The small calls of core's purgePostsScript on the transaction's client. */
function purgeTx(client: PoolClient): AsyncTx<PostPurgeTx> {
  return {
    purgeBatch: async (deletedBefore, limit) => {
      const { rows } = await client.query<PurgeRow>(SELECT_PURGE_BATCH_SQL, [deletedBefore, limit]);
      return rows.map((r) => ({ id: r.id, ownerId: r.owner_id, media: r.media }));
    },
    deletePosts: async (ids) => {
      for (const sql of DELETE_BY_POSTS) await client.query(sql, [ids]);
    },
    mediaKept: async (ownerId, mediaIds) => {
      // As a deletion from the library: ordered with the owner's uploads' usage updates.
      await client.query(LOCK_OWNER_MEDIA_SQL, [ownerId]);
      const used = await client.query<{ media_id: string }>(STILL_USED_SQL, [ownerId, mediaIds]);
      // A link imported later whose bytes equal a copy's was answered with the copy: the user's now.
      const linked = await client.query<{ media_id: string }>(
        'SELECT DISTINCT media_id FROM media_sources WHERE owner_id = $1 AND media_id = ANY ($2::text[])',
        [ownerId, mediaIds],
      );
      return [...used.rows, ...linked.rows].map((row) => row.media_id);
    },
    assetsByIds: async (ids) => {
      const assets = await client.query<MediaAssetRow>(
        'SELECT * FROM media_assets WHERE id = ANY ($1::text[]) ORDER BY id FOR UPDATE',
        [ids],
      );
      return assets.rows.map(rowToMediaAsset);
    },
    removeAsset: async (asset) => {
      await client.query('DELETE FROM media_assets WHERE id = $1', [asset.id]);
      await client.query('DELETE FROM media_sources WHERE owner_id = $1 AND media_id = $2', [
        asset.ownerId,
        asset.id,
      ]);
      // Never below zero: usage counted before a quota existed may be less than the assets' sizes.
      await client.query(
        'UPDATE media_usage SET used_bytes = GREATEST(0, used_bytes - $2) WHERE owner_id = $1',
        [asset.ownerId, asset.sizeBytes],
      );
    },
    appendEvents: (events) => appendEvents(client, events),
  };
}

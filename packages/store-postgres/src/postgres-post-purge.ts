import {
  derivedCandidatesOf,
  type MediaRef,
  type PostPurgeOutcome,
  type PostPurgeRequest,
  purgeableDerivedAssets,
  purgedAssetEvents,
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
  return withTransaction(pool, (client) => purgeBatch(client, request));
}

async function purgeBatch(client: PoolClient, request: PostPurgeRequest): Promise<PostPurgeOutcome> {
  const { rows } = await client.query<PurgeRow>(SELECT_PURGE_BATCH_SQL, [
    request.deletedBefore,
    Math.max(0, Math.floor(request.limit)),
  ]);
  if (rows.length === 0) return { posts: 0, mediaAssets: 0 };
  const ids = rows.map((r) => r.id);
  for (const sql of DELETE_BY_POSTS) await client.query(sql, [ids]);

  const candidates = derivedCandidatesOf(
    rows.map((r) => ({ id: r.id, ownerId: r.owner_id, media: r.media })),
  );
  if (candidates.length === 0) return { posts: rows.length, mediaAssets: 0 };
  const stillUsed = new Set<string>();
  const owners = [...new Set(candidates.map((c) => c.ownerId))].sort();
  for (const ownerId of owners) {
    // As a deletion from the library: ordered with the owner's uploads' usage updates.
    await client.query(LOCK_OWNER_MEDIA_SQL, [ownerId]);
    const mediaIds = candidates.filter((c) => c.ownerId === ownerId).map((c) => c.mediaId);
    const used = await client.query<{ media_id: string }>(STILL_USED_SQL, [ownerId, mediaIds]);
    for (const row of used.rows) stillUsed.add(row.media_id);
    // A link imported later whose bytes equal a copy's was answered with the copy: the user's now.
    const linked = await client.query<{ media_id: string }>(
      'SELECT DISTINCT media_id FROM media_sources WHERE owner_id = $1 AND media_id = ANY ($2::text[])',
      [ownerId, mediaIds],
    );
    for (const row of linked.rows) stillUsed.add(row.media_id);
  }
  const assets = await client.query<MediaAssetRow>(
    'SELECT * FROM media_assets WHERE id = ANY ($1::text[]) ORDER BY id FOR UPDATE',
    [candidates.map((c) => c.mediaId)],
  );
  const removed = purgeableDerivedAssets(candidates, assets.rows.map(rowToMediaAsset), stillUsed);
  for (const asset of removed) {
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
  }
  await appendEvents(client, purgedAssetEvents(removed, request.at));
  return { posts: rows.length, mediaAssets: removed.length };
}

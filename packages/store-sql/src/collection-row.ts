import type { CollectionJob, CollectionStatus, Platform } from '@svc/core';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** The `post_collections` columns a claim returns, in a dialect's column types. */
export type CollectionJobRowOf<T extends SqlTypes> = {
  post_id: string;
  owner_id: string;
  account_id: string;
  platform: string;
  platform_post_id: string;
  published_at: T['date'];
  next_at: T['date'];
  done_slot: number | null;
  status: string;
};

/** A claimed `post_collections` row as the collector's job. */
export function sqlRowToCollectionJob<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: CollectionJobRowOf<T>,
): CollectionJob {
  return {
    postId: row.post_id,
    ownerId: row.owner_id,
    accountId: row.account_id,
    platform: row.platform as Platform,
    platformPostId: row.platform_post_id,
    publishedAt: codec.dateFromSql(row.published_at),
    nextAt: codec.dateFromSql(row.next_at),
    doneSlot: row.done_slot,
    status: row.status as CollectionStatus,
  };
}

import type { MetricSnapshot, NewCollection, PostMetrics } from '@svc/core';
import type { CollectionJobRowOf } from '@svc/store-sql';
import { PG_ROWS, type PgTypes } from './pg-values.js';

/** The `post_collections` columns a claim returns, as pg reads them. */
export type CollectionRow = CollectionJobRowOf<PgTypes>;

/** The columns of `post_collections` that `collectionParams` binds, in order. */
export const NEW_COLLECTION_COLUMNS = [
  'post_id',
  'owner_id',
  'account_id',
  'platform',
  'platform_post_id',
  'published_at',
  'next_at',
  'status',
] as const;

/** One array parameter per NEW_COLLECTION_COLUMNS entry, for an INSERT … SELECT FROM unnest(…). */
export function collectionParams(collections: readonly NewCollection[]): unknown[] {
  return [
    collections.map((c) => c.postId),
    collections.map((c) => c.ownerId),
    collections.map((c) => c.accountId),
    collections.map((c) => c.platform),
    collections.map((c) => c.platformPostId),
    collections.map((c) => c.publishedAt),
    collections.map((c) => c.nextAt),
    collections.map((c) => c.status),
  ];
}

/** A claimed `post_collections` row as the collector's job. */
export const { rowToCollectionJob } = PG_ROWS;

/** A `metric_snapshots` row as pg reads it. */
export type SnapshotRow = {
  post_id: string;
  slot: number;
  collected_at: Date;
  metrics: PostMetrics;
};

/** A `metric_snapshots` row as a snapshot. */
export function rowToSnapshot(row: SnapshotRow): MetricSnapshot {
  return { postId: row.post_id, slot: row.slot, collectedAt: row.collected_at, metrics: row.metrics };
}

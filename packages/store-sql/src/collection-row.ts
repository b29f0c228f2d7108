import type { CollectionJob } from '@svc/core';
import type { ColumnMap } from './column-map.js';
import type { SqlTypes } from './sql-codec.js';

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

/** The claimed columns by collector job field. */
export const COLLECTION_JOB_MAP: ColumnMap<CollectionJob, keyof CollectionJobRowOf<SqlTypes>> = {
  postId: 'post_id',
  ownerId: 'owner_id',
  accountId: 'account_id',
  platform: 'platform',
  platformPostId: 'platform_post_id',
  publishedAt: ['published_at', 'date'],
  nextAt: ['next_at', 'date'],
  doneSlot: 'done_slot',
  status: 'status',
};

import {
  type AnalyticsStore,
  collectionsFromEvents,
  engagementOf,
  METRIC_NAMES,
  type Platform,
} from '@svc/core';
import type { Pool } from 'pg';
import { type AccountRow, rowToAccount } from './account-row.js';
import {
  type CollectionRow,
  collectionParams,
  rowToCollectionJob,
  rowToSnapshot,
  type SnapshotRow,
} from './collection-row.js';
import { jsonParam, leaseClaimParams, limitParam } from './pg-values.js';
import {
  aggregateAnalytics,
  aggregateAnalyticsByDay,
  aggregateAnalyticsTimeCells,
} from './postgres-analytics-aggregate.js';
import {
  ANALYTICS_CURSOR,
  CLAIM_COLLECTIONS_SQL,
  CLAIM_FOLLOWER_READS_SQL,
  COLLECT_NOW_SQL,
  CREATE_CURSOR_SQL,
  DEFER_COLLECTION_SQL,
  INSERT_COLLECTIONS_SQL,
  LIST_SNAPSHOTS_SQL,
  LOCK_CURSOR_SQL,
  LOCK_HELD_COLLECTION_SQL,
  MOVE_CURSOR_SQL,
  RECORD_FOLLOWERS_SQL,
  RECORD_WITH_METRICS_SQL,
  RECORD_WITHOUT_METRICS_SQL,
  SETTLE_AWAITED_ID_SQL,
} from './postgres-analytics-queries.js';
import { listEventsAfter, numberInTransaction } from './postgres-journal.js';
import { withTransaction } from './with-transaction.js';

/**
 * The AnalyticsStore of a PostgreSQL database. Any number of collectors and journal followers
 * may share it: followers take turns on their cursor's row lock, collectors claim with SKIP LOCKED.
 */
export function createPostgresAnalyticsStore(pool: Pool): AnalyticsStore {
  return {
    async followJournal(limit) {
      // One transaction a round: the cursor's lock first (followers take turns), then the
      // numbering, so the clock is taken only by the follower whose turn it is.
      return withTransaction(pool, async (client) => {
        await client.query(CREATE_CURSOR_SQL, [ANALYTICS_CURSOR]);
        const cursor = await client.query<{ position: string | null }>(LOCK_CURSOR_SQL, [ANALYTICS_CURSOR]);
        await numberInTransaction(client);
        const events = await listEventsAfter(client, cursor.rows[0]?.position ?? null, limit);
        const last = events.at(-1);
        if (last === undefined) return 0;
        const collections = collectionsFromEvents(events);
        if (collections.length > 0) await client.query(INSERT_COLLECTIONS_SQL, collectionParams(collections));
        await client.query(MOVE_CURSOR_SQL, [ANALYTICS_CURSOR, last.position]);
        return events.length;
      });
    },

    async claimCollections(request) {
      const claimed = await pool.query<CollectionRow>(CLAIM_COLLECTIONS_SQL, leaseClaimParams(request));
      return claimed.rows.map(rowToCollectionJob);
    },

    async recordCollection(result) {
      const schedule = [result.postId, result.leaseOwner, result.status, result.slot, result.nextAt];
      const metrics = result.metrics;
      if (metrics === null) {
        const recorded = await pool.query(RECORD_WITHOUT_METRICS_SQL, schedule);
        return recorded.rowCount === 1;
      }
      return withTransaction(pool, async (client) => {
        // The engagement depends on the platform, which the row holds: read it under the lock
        // that the write then releases, so nobody takes the lease in between.
        const held = await client.query<{ platform: string }>(LOCK_HELD_COLLECTION_SQL, [
          result.postId,
          result.leaseOwner,
        ]);
        const platform = held.rows[0]?.platform;
        if (platform === undefined) return false;
        await client.query(RECORD_WITH_METRICS_SQL, [
          ...schedule,
          result.at,
          jsonParam(metrics),
          ...METRIC_NAMES.map((metric) => metrics[metric] ?? null),
          engagementOf(platform as Platform, metrics),
        ]);
        return true;
      });
    },

    async settleAwaitedId({ postId, leaseOwner, outcome }) {
      const settled = await pool.query(SETTLE_AWAITED_ID_SQL, [
        postId,
        leaseOwner,
        outcome.kind === 'found' ? outcome.platformPostId : null,
        outcome.kind === 'found' ? outcome.nextAt : null,
      ]);
      return settled.rowCount === 1;
    },

    async deferCollection(postId, leaseOwner, until) {
      const deferred = await pool.query(DEFER_COLLECTION_SQL, [postId, leaseOwner, until]);
      return deferred.rowCount === 1;
    },

    async collectNow(ownerId, now) {
      const due = await pool.query(COLLECT_NOW_SQL, [ownerId, now]);
      return due.rowCount ?? 0;
    },

    async claimFollowerReads({ now, before, limit }) {
      const claimed = await pool.query<AccountRow>(CLAIM_FOLLOWER_READS_SQL, [
        now,
        before,
        limitParam(limit),
      ]);
      return claimed.rows.map(rowToAccount);
    },

    async recordFollowers(accountId, followerCount) {
      await pool.query(RECORD_FOLLOWERS_SQL, [accountId, followerCount]);
    },

    async listSnapshots(postId) {
      const snapshots = await pool.query<SnapshotRow>(LIST_SNAPSHOTS_SQL, [postId]);
      return snapshots.rows.map(rowToSnapshot);
    },

    aggregate(query) {
      return withTransaction(pool, async (client) => {
        // One snapshot for every statement, so the sums agree with each other.
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return aggregateAnalytics(client, query);
      });
    },

    aggregateByDay(query) {
      return aggregateAnalyticsByDay(pool, query);
    },

    aggregateTimeCells(query) {
      return aggregateAnalyticsTimeCells(pool, query);
    },
  };
}

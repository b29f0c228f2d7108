import type { ConnectedAccount } from '../accounts/index.js';
import {
  type AnalyticsQuery,
  type AnalyticsStore,
  type CollectionJob,
  type CollectionStatus,
  collectionsFromEvents,
  type MetricSnapshot,
  type NewCollection,
  PERIOD_NAMES,
  type PostMetrics,
} from '../analytics/index.js';
import type { JournalEvent } from '../journal/index.js';
import type { Post } from '../posts/index.js';
import { aggregateOf, daySumsOf } from './memory-analytics-aggregates.js';
import { copy } from './memory-copy.js';
import { heldBy, leaseAll, leaseFree, release } from './memory-lease.js';

type Collection = Omit<NewCollection, 'nextAt' | 'status' | 'platformPostId'> & {
  platformPostId: string;
  doneSlot: number | null;
  status: CollectionStatus;
  nextAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  latest: PostMetrics;
};

/** What the memory analytics store reads from the rest of the memory store. */
export type MemoryAnalyticsSources = {
  readonly live: () => void;
  /** Journal events after sequence number `after`, at most `limit`. */
  readonly eventsAfter: (after: number, limit: number) => readonly JournalEvent[];
  readonly post: (id: string) => Post | undefined;
  /** The stored accounts, changed in place when a follower count is recorded. */
  readonly accounts: Map<string, ConnectedAccount>;
};

/** The memory AnalyticsStore, and the purge's removal of posts' rows for the memory store's own operations. */
export type MemoryAnalyticsStore = AnalyticsStore & {
  /** Removes the collections and snapshots of these posts (the purge of soft-deleted posts). */
  forgetPosts(postIds: ReadonlySet<string>): void;
};

/** The AnalyticsStore in memory, with the behaviour of the SQL stores (same contract suite). */
export function createMemoryAnalyticsStore(sources: MemoryAnalyticsSources): MemoryAnalyticsStore {
  const { live } = sources;
  const collections = new Map<string, Collection>();
  const snapshots = new Map<string, MetricSnapshot[]>();
  let cursor = 0;
  const followersReadAt = new Map<string, Date>();
  const jobOf = (c: Collection): CollectionJob => ({
    postId: c.postId,
    ownerId: c.ownerId,
    accountId: c.accountId,
    platform: c.platform,
    platformPostId: c.platformPostId,
    publishedAt: new Date(c.publishedAt),
    nextAt: new Date(c.nextAt ?? c.publishedAt),
    doneSlot: c.doneSlot,
    status: c.status,
  });

  return {
    forgetPosts(postIds) {
      for (const id of postIds) {
        collections.delete(id);
        snapshots.delete(id);
      }
    },
    async followJournal(limit) {
      live();
      const events = sources.eventsAfter(cursor, limit);
      for (const added of collectionsFromEvents(events)) {
        if (collections.has(added.postId)) continue;
        collections.set(added.postId, {
          ...copy(added),
          doneSlot: null,
          leaseOwner: null,
          leaseUntil: null,
          latest: {},
        });
      }
      cursor = events.at(-1)?.seq ?? cursor;
      return events.length;
    },

    async claimCollections({ now, leaseOwner, leaseUntil, limit }) {
      live();
      const due = [...collections.values()]
        .filter((c) => c.nextAt !== null && c.nextAt.getTime() <= now.getTime() && leaseFree(c, now))
        .sort(
          (a, b) =>
            (a.nextAt?.getTime() ?? 0) - (b.nextAt?.getTime() ?? 0) || a.postId.localeCompare(b.postId),
        )
        .slice(0, Math.max(0, limit));
      return leaseAll(due, leaseOwner, leaseUntil).map(jobOf);
    },

    async recordCollection(result) {
      live();
      const c = heldBy(collections, result.postId, result.leaseOwner);
      if (c === null) return false;
      if (result.metrics !== null) {
        const kept = snapshots.get(c.postId) ?? [];
        if (!kept.some((s) => s.slot === result.slot)) {
          kept.push({
            postId: c.postId,
            slot: result.slot,
            collectedAt: new Date(result.at),
            metrics: copy(result.metrics),
          });
          kept.sort((a, b) => a.slot - b.slot);
          snapshots.set(c.postId, kept);
        }
        c.latest = copy(result.metrics);
      }
      c.status = result.status;
      c.doneSlot = Math.max(c.doneSlot ?? result.slot, result.slot);
      c.nextAt = result.nextAt === null ? null : new Date(result.nextAt);
      release(c);
      return true;
    },

    async settleAwaitedId(result) {
      live();
      const c = heldBy(collections, result.postId, result.leaseOwner);
      if (c === null || c.status !== 'awaiting_id') return false;
      if (result.outcome.kind === 'found') {
        c.platformPostId = result.outcome.platformPostId;
        c.status = 'pending';
        c.nextAt = new Date(result.outcome.nextAt);
      } else {
        c.status = 'not_available';
        c.nextAt = null;
      }
      release(c);
      return true;
    },

    async deferCollection(postId, leaseOwner, until) {
      live();
      const c = heldBy(collections, postId, leaseOwner);
      if (c === null) return false;
      c.nextAt = new Date(until);
      release(c);
      return true;
    },

    async collectNow(ownerId, now) {
      live();
      let count = 0;
      for (const c of collections.values()) {
        if (ownerId !== null && c.ownerId !== ownerId) continue;
        c.nextAt = new Date(now);
        count += 1;
      }
      return count;
    },

    async claimFollowerReads({ now, before, limit }) {
      live();
      const due = [...sources.accounts.values()]
        .filter((a) => a.status === 'active' && !a.needsReconnect)
        .filter((a) => (followersReadAt.get(a.id)?.getTime() ?? -Infinity) < before.getTime())
        .sort(
          (a, b) =>
            (followersReadAt.get(a.id)?.getTime() ?? -Infinity) -
              (followersReadAt.get(b.id)?.getTime() ?? -Infinity) || a.id.localeCompare(b.id),
        )
        .slice(0, Math.max(0, limit));
      for (const account of due) followersReadAt.set(account.id, new Date(now));
      return due.map((account) => copy(account));
    },

    async recordFollowers(accountId, followerCount) {
      live();
      const account = sources.accounts.get(accountId);
      if (account !== undefined) sources.accounts.set(accountId, { ...account, followerCount });
    },

    async listSnapshots(postId) {
      live();
      return copy(snapshots.get(postId) ?? []);
    },

    async aggregate(query) {
      live();
      return aggregateOf(collections.values(), query, sources.post);
    },

    async aggregateByDay(query) {
      live();
      return daySumsOf(collections.values(), query);
    },

    async aggregateTimeCells(query) {
      live();
      // The cells of a whole answer over the same window: one rule for both reads.
      const window = { from: query.from, to: query.to };
      const periods = Object.fromEntries(
        PERIOD_NAMES.map((name) => [name, window]),
      ) as AnalyticsQuery['periods'];
      return aggregateOf(collections.values(), { ...query, periods, topPosts: 0 }, sources.post).cells.map(
        (cell) => ({ ...cell }),
      );
    },
  };
}

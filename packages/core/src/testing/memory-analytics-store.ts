import type { ConnectedAccount } from '../accounts/index.js';
import {
  type AnalyticsAggregates,
  type AnalyticsStore,
  type CollectionCounts,
  type CollectionJob,
  type CollectionStatus,
  collectionsFromEvents,
  type DaySums,
  engagementOf,
  METRIC_NAMES,
  type MetricSnapshot,
  type NewCollection,
  PERIOD_NAMES,
  type PeriodName,
  type PlatformSums,
  type PostMetrics,
  type RankedPost,
  type TimeCell,
} from '../analytics/index.js';
import type { JournalEvent } from '../journal/index.js';
import { localWeekdayHour, type Platform } from '../kernel/index.js';
import type { Post } from '../posts/index.js';

type Collection = Omit<NewCollection, 'nextAt'> & {
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
  const copy = <T>(value: T): T => structuredClone(value);
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
  const held = (postId: string, leaseOwner: string) => {
    const c = collections.get(postId);
    return c !== undefined && c.leaseOwner === leaseOwner ? c : null;
  };

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
          status: 'pending',
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
        .filter(
          (c) =>
            c.nextAt !== null &&
            c.nextAt.getTime() <= now.getTime() &&
            (c.leaseUntil === null || c.leaseUntil.getTime() <= now.getTime()),
        )
        .sort(
          (a, b) =>
            (a.nextAt?.getTime() ?? 0) - (b.nextAt?.getTime() ?? 0) || a.postId.localeCompare(b.postId),
        )
        .slice(0, Math.max(0, limit));
      for (const c of due) {
        c.leaseOwner = leaseOwner;
        c.leaseUntil = new Date(leaseUntil);
      }
      return due.map(jobOf);
    },

    async recordCollection(result) {
      live();
      const c = held(result.postId, result.leaseOwner);
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
      c.leaseOwner = null;
      c.leaseUntil = null;
      return true;
    },

    async deferCollection(postId, leaseOwner, until) {
      live();
      const c = held(postId, leaseOwner);
      if (c === null) return false;
      c.nextAt = new Date(until);
      c.leaseOwner = null;
      c.leaseUntil = null;
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
      const accounts = query.accountIds === null ? null : new Set(query.accountIds);
      const mine = [...collections.values()].filter(
        (c) => c.ownerId === query.ownerId && (accounts === null || accounts.has(c.accountId)),
      );
      const within = (c: Collection, range: { from: Date; to: Date }) =>
        c.publishedAt.getTime() >= range.from.getTime() && c.publishedAt.getTime() < range.to.getTime();
      const periods = {} as Record<PeriodName, Partial<Record<Platform, PlatformSums>>>;
      for (const name of PERIOD_NAMES) {
        const sums: Partial<Record<Platform, PlatformSums>> = {};
        for (const c of mine.filter((each) => within(each, query.periods[name]))) {
          const engagement = engagementOf(c.platform, c.latest);
          const s = sums[c.platform] ?? {
            posts: 0,
            views: 0,
            postsWithViews: 0,
            engagement: 0,
            postsWithEngagement: 0,
          };
          sums[c.platform] = {
            posts: s.posts + 1,
            views: s.views + (c.latest.views ?? 0),
            postsWithViews: s.postsWithViews + (c.latest.views === undefined ? 0 : 1),
            engagement: s.engagement + (engagement ?? 0),
            postsWithEngagement: s.postsWithEngagement + (engagement === null ? 0 : 1),
          };
        }
        periods[name] = sums;
      }
      const inWindow = mine.filter((c) => within(c, query.periods.window));
      const collection: Partial<Record<Platform, CollectionCounts>> = {};
      for (const c of inWindow) {
        const held = collection[c.platform] ?? {
          posts: 0,
          collected: 0,
          notAvailable: 0,
          scopeMissing: 0,
          withMetric: {},
        };
        const withMetric = { ...held.withMetric };
        for (const metric of METRIC_NAMES) {
          if (c.latest[metric] !== undefined) withMetric[metric] = (withMetric[metric] ?? 0) + 1;
        }
        collection[c.platform] = {
          posts: held.posts + 1,
          collected: held.collected + (c.status === 'collected' ? 1 : 0),
          notAvailable: held.notAvailable + (c.status === 'not_available' ? 1 : 0),
          scopeMissing: held.scopeMissing + (c.status === 'scope_missing' ? 1 : 0),
          withMetric,
        };
      }
      const engaged = inWindow.flatMap((c) => {
        const engagement = engagementOf(c.platform, c.latest);
        return engagement === null ? [] : [{ c, engagement }];
      });
      const cells = new Map<number, TimeCell>();
      const categories = new Map<string | null, { posts: number; engagement: number }>();
      for (const { c, engagement } of engaged) {
        const range = query.offsets.find(
          (r) => c.publishedAt.getTime() >= r.from.getTime() && c.publishedAt.getTime() < r.to.getTime(),
        );
        const { weekday, hour } = localWeekdayHour(c.publishedAt, range?.offsetMinutes ?? 0);
        const cell = cells.get(weekday * 24 + hour) ?? { weekday, hour, posts: 0, engagement: 0 };
        cells.set(weekday * 24 + hour, {
          ...cell,
          posts: cell.posts + 1,
          engagement: cell.engagement + engagement,
        });
        const category = sources.post(c.postId)?.category ?? null;
        const sums = categories.get(category) ?? { posts: 0, engagement: 0 };
        categories.set(category, { posts: sums.posts + 1, engagement: sums.engagement + engagement });
      }
      const topPosts: RankedPost[] = [];
      const byPlatform = new Map<Platform, { c: Collection; engagement: number }[]>();
      for (const entry of engaged)
        byPlatform.set(entry.c.platform, [...(byPlatform.get(entry.c.platform) ?? []), entry]);
      for (const [platform, entries] of byPlatform) {
        entries.sort((a, b) => b.engagement - a.engagement || a.c.postId.localeCompare(b.c.postId));
        for (const { c, engagement } of entries.slice(0, query.topPosts)) {
          topPosts.push({
            platform,
            postId: c.postId,
            permalink: sources.post(c.postId)?.permalink ?? null,
            engagement,
          });
        }
      }
      const result: AnalyticsAggregates = {
        periods,
        collection,
        cells: [...cells.values()].sort((a, b) => a.weekday * 24 + a.hour - (b.weekday * 24 + b.hour)),
        categories: [...categories].map(([category, sums]) => ({ category, ...sums })),
        topPosts,
      };
      return result;
    },

    async aggregateByDay(query) {
      live();
      const accounts = query.accountIds === null ? null : new Set(query.accountIds);
      const sums = new Map<string, DaySums>();
      for (const c of collections.values()) {
        const at = c.publishedAt.getTime();
        if (c.ownerId !== query.ownerId || (accounts !== null && !accounts.has(c.accountId))) continue;
        if (at < query.from.getTime() || at >= query.to.getTime()) continue;
        const range = query.offsets.find((r) => at >= r.from.getTime() && at < r.to.getTime());
        const day = Math.floor((at + (range?.offsetMinutes ?? 0) * 60_000) / 86_400_000);
        const engagement = engagementOf(c.platform, c.latest);
        const key = `${day}:${c.platform}`;
        const s = sums.get(key) ?? {
          day,
          platform: c.platform,
          posts: 0,
          views: 0,
          postsWithViews: 0,
          engagement: 0,
          postsWithEngagement: 0,
        };
        sums.set(key, {
          ...s,
          posts: s.posts + 1,
          views: s.views + (c.latest.views ?? 0),
          postsWithViews: s.postsWithViews + (c.latest.views === undefined ? 0 : 1),
          engagement: s.engagement + (engagement ?? 0),
          postsWithEngagement: s.postsWithEngagement + (engagement === null ? 0 : 1),
        });
      }
      return [...sums.values()].sort((a, b) => a.day - b.day || a.platform.localeCompare(b.platform));
    },
  };
}

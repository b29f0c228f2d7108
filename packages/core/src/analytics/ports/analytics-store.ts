import type { ConnectedAccount } from '../../accounts/index.js';
import type { LeaseClaim, OffsetRange } from '../../kernel/index.js';
import type { AnalyticsAggregates, DaySums, PeriodName, TimeCell } from '../analytics-aggregates.js';
import type { PostMetrics } from '../analytics-metrics.js';
import type { AwaitedIdResult, CollectionJob, CollectionResult } from '../collection-job.js';

/** One read of one post, kept for good: later reads never overwrite it. */
export type MetricSnapshot = {
  readonly postId: string;
  /** The schedule slot (index into COLLECTION_OFFSETS_MS) the read stands for. */
  readonly slot: number;
  readonly collectedAt: Date;
  readonly metrics: PostMetrics;
};

/** The posts an answer covers and the periods it compares. */
export type AnalyticsQuery = {
  readonly ownerId: string;
  /**
   * The accounts asked for (never empty), or null for every account of the owner, disconnected
   * and deleted ones too: their posts stay in history.
   */
  readonly accountIds: readonly string[] | null;
  /** Each period as [from, to) by publishing time. */
  readonly periods: Readonly<Record<PeriodName, { readonly from: Date; readonly to: Date }>>;
  /** The requested time zone's offsets over the window, for local weekdays and hours. */
  readonly offsets: readonly OffsetRange[];
  /** Top posts to return per platform. */
  readonly topPosts: number;
};

/** The posts a day-by-day series covers: the owner's published in [from, to) to the accounts. */
export type AnalyticsSeriesQuery = {
  readonly ownerId: string;
  /** As in AnalyticsQuery: the accounts asked for (never empty), or null for every account. */
  readonly accountIds: readonly string[] | null;
  readonly from: Date;
  readonly to: Date;
  /** The requested time zone's offsets over [from, to), for local days. */
  readonly offsets: readonly OffsetRange[];
};

/**
 * Metric collection and its aggregates. A collection starts from the journal's `post.posted`
 * events; collectors lease due posts (on PostgreSQL several at once, never the same post), record
 * each read as a snapshot in the same transaction as the post's latest figures, and the answer's
 * sums are computed by the database.
 */
export type AnalyticsStore = {
  /**
   * Reads up to `limit` journal events after the store's own cursor, adds a collection for each
   * published post among them (`collectionsFromEvents`) and moves the cursor, in one transaction;
   * answers how many events were read (0: caught up).
   */
  followJournal(limit: number): Promise<number>;
  /**
   * Leases up to `limit` collections due at `now` (next read passed, no live lease), oldest due
   * first, to `leaseOwner` until `leaseUntil`.
   */
  claimCollections(request: LeaseClaim): Promise<CollectionJob[]>;
  /**
   * Records a read and releases the lease, in one transaction: the snapshot (ignored when the
   * post already has one for that slot), the latest figures, the status and the next read. False
   * when the lease was lost (nothing written).
   */
  recordCollection(result: CollectionResult): Promise<boolean>;
  /**
   * Ends the wait of a leased `awaiting_id` collection and releases the lease: `found` takes the
   * public id and becomes `pending` with its first read at `nextAt`; `gave_up` becomes
   * `not_available` with no further read. False when the lease was lost or the collection awaits
   * no id (nothing written).
   */
  settleAwaitedId(result: AwaitedIdResult): Promise<boolean>;
  /** Releases the lease without a read (a fault, a rate limit): the post is due again at `until`. */
  deferCollection(postId: string, leaseOwner: string, until: Date): Promise<boolean>;
  /** Makes every collection of the owner (or of everyone) due at `now`; answers how many. */
  collectNow(ownerId: string | null, now: Date): Promise<number>;
  /**
   * Takes up to `limit` active accounts (not waiting for a reconnect) whose follower count was
   * last read before `before`, or never, oldest first, and marks them read at `now` in the same
   * statement, so no other collector reads them again that day; answers them.
   */
  claimFollowerReads(request: {
    readonly now: Date;
    readonly before: Date;
    readonly limit: number;
  }): Promise<ConnectedAccount[]>;
  /** Stores an account's follower count as read (null: the platform gives none). */
  recordFollowers(accountId: string, followerCount: number | null): Promise<void>;
  /** A post's snapshots, by slot. */
  listSnapshots(postId: string): Promise<MetricSnapshot[]>;
  /** The sums an analytics answer is computed from. */
  aggregate(query: AnalyticsQuery): Promise<AnalyticsAggregates>;
  /**
   * Sums per local day of publishing and platform, in one grouped query: a post's day is its
   * publishing time shifted by the offset of the range it falls in (0 outside them all). Days and
   * platforms without posts are absent; the answer fills them in.
   */
  aggregateByDay(query: AnalyticsSeriesQuery): Promise<DaySums[]>;
  /**
   * The engagement per local weekday and hour of the posts published in [from, to), exactly as
   * `aggregate`'s `cells`, in one grouped statement and nothing else: what slot suggestions read
   * per account, without the periods, categories and top posts of a whole answer.
   */
  aggregateTimeCells(query: AnalyticsSeriesQuery): Promise<TimeCell[]>;
};

import type { DomainEvent, EventActor } from '../../journal/index.js';
import type {
  ListCursor,
  ListPageRequest,
  Platform,
  PublicPostStatus,
  SvcError,
} from '../../kernel/index.js';
import type { PostingSchedule } from '../../queue/index.js';
import type { ClaimRequest } from '../claims.js';
import type { RepeatQuery } from '../duplicate-content.js';
import type { IdempotencyKey } from '../idempotency-key.js';
import type { Post } from '../post.js';
import type { PostPurgeOutcome, PostPurgeRequest } from './post-purge.js';

/** The rows of one create request, inserted all together or not at all. */
export type NewPostsBatch = {
  readonly ownerId: string;
  /** When the request was made; recorded with the idempotency key. */
  readonly at: Date;
  /** Fully built rows in `scheduled` status, or one `draft` (a draft takes a quota slot too). */
  readonly posts: readonly Post[];
  /** The caller's idempotency key, with the fingerprint of the request that carried it. */
  readonly idempotency: IdempotencyKey | null;
  /**
   * The scheduling quota, enforced in the same transaction as the insert: the owner's usage
   * counter for the window starting at `windowStart` plus the new rows must stay within `limit`.
   */
  readonly quota: { readonly limit: number; readonly windowStart: Date };
  /**
   * Refuse a row that repeats a post of its account (core's `repeatQueryOf` and `findRepeat`, run
   * inside the transaction so two identical requests at once cannot both pass). Default false.
   */
  readonly refuseRepeats?: boolean;
  /** What the journal records of the new rows (`scheduledEvents`), appended if they are inserted. */
  readonly events?: readonly DomainEvent[];
  /**
   * Who made the change: every event the insert appends names them, those the queue placement
   * makes again included (docs/events.md, "Who did it"). Absent: the service's own.
   */
  readonly actor?: EventActor;
  /**
   * Put the rows in their accounts' queues (docs/queue.md): inside the transaction, each row's
   * `scheduledTime` and `dueAt` become its account's next free slot (core's `nextFreeSlots`), and
   * the journal records `scheduledEvents` of the placed rows instead of `events`.
   */
  readonly queue?: QueueRequest;
};

/** How a batch's rows are placed in their accounts' queues. */
export type QueueRequest = {
  /** Slots strictly after this instant (the request's now). */
  readonly after: Date;
  /** Each target account's schedule and the daily cap of its platform (null: none). */
  readonly accounts: readonly {
    readonly accountId: string;
    readonly schedule: PostingSchedule;
    readonly dailyCap: number | null;
  }[];
};

/** What happened to a batch. Only `inserted` wrote anything. */
export type InsertPostsOutcome =
  | { readonly kind: 'inserted'; readonly posts: readonly Post[] }
  | { readonly kind: 'replayed'; readonly posts: readonly Post[] }
  | { readonly kind: 'idempotency_conflict'; readonly postIds: readonly string[] }
  | { readonly kind: 'quota_exceeded'; readonly used: number; readonly limit: number }
  /** `post` of the batch repeats `earlier`, a post of the same account. */
  | { readonly kind: 'duplicate_content'; readonly post: Post; readonly earlier: Post }
  /** A queued row's account has no free slot in the year ahead (`error` says so). */
  | { readonly kind: 'no_free_slot'; readonly error: SvcError };

/** How many posts wait in the publisher's queue (scheduled or publishing, not deleted). */
export type QueueDepth = {
  /** Due at or before the time asked: waiting for a claim, or left by a publisher whose lease ran out. */
  readonly due: number;
  /** Due later: scheduled ahead, or being published under a live lease. */
  readonly upcoming: number;
};

/** One page of an owner's posts, newest first. */
export type PostListQuery = ListPageRequest & {
  readonly ownerId: string;
  /** Only these public statuses (`scheduled` includes `publishing`); null for every status. */
  readonly statuses: readonly PublicPostStatus[] | null;
  /**
   * Only posts whose every profile id is in this list (a key limited to some accounts), so a
   * draft without targets is included; null for no account filter.
   */
  readonly accountIds: readonly string[] | null;
  /** Only posts aimed at this platform (one of `platforms`); absent or null for every platform. */
  readonly platform?: Platform | null;
  /** Only posts aimed at this account (one of `profileIds`); absent or null for every account. */
  readonly profileId?: string | null;
  /**
   * Only posts with `from <= scheduledTime < to` (either bound may be absent or null); a post
   * without a scheduledTime is left out as soon as one bound is given.
   */
  readonly scheduledFrom?: Date | null;
  readonly scheduledTo?: Date | null;
  /**
   * Only posts whose caption or title contains this text (trimmed, not empty), taken literally
   * (`%` and `_` are no wildcards) and ignoring the case of ASCII letters (every store does that
   * much; PostgreSQL also folds other letters). Absent or null for no text filter. SQL stores
   * match with `textFilterPattern`.
   */
  readonly text?: string | null;
};

/** A page of posts and where the next one starts (null when this is the last). */
export type PostPage = { readonly posts: readonly Post[]; readonly next: ListCursor | null };

/** One post of a write made together: the changed post, the version it was read at, its events. */
export type PostWrite = {
  readonly post: Post;
  readonly expectedVersion: number;
  readonly events: readonly DomainEvent[];
  /** The post as read at `expectedVersion`, when the caller has it (see `updatePost`). */
  readonly before?: Post;
};

/** What happened to a write made together. Only `written` wrote anything. */
export type UpdatePostsOutcome =
  | { readonly kind: 'written'; readonly posts: readonly Post[] }
  /** This post changed since it was read: nothing of the write was kept. */
  | { readonly kind: 'changed'; readonly postId: string };

/** Storage of posts. */
export type PostStore = {
  /**
   * Inserts one create request's rows atomically, after checking the idempotency key and the
   * quota, and adds the rows to the owner's usage counter for the quota window. The counter only
   * grows: deleting a post does not give its slot back, so checking it costs the same however
   * many posts exist. A post id that already exists is a fault: the call rejects and writes nothing.
   */
  insertPosts(batch: NewPostsBatch): Promise<InsertPostsOutcome>;
  /** The owner's usage counter for the quota window starting at `windowStart` (0 when unused). */
  quotaUsed(ownerId: string, windowStart: Date): Promise<number>;
  /**
   * The result of an earlier create request with this idempotency key: the fingerprint it was
   * stored with and its rows (soft-deleted ones included). Null when the key is new.
   */
  findByExternalId(
    ownerId: string,
    externalId: string,
  ): Promise<{ readonly fingerprint: string; readonly posts: readonly Post[] } | null>;
  /** A post by id, soft-deleted or not; null when absent. */
  getPost(id: string): Promise<Post | null>;
  /**
   * Writes a post changed by `transition()` if its stored version is still `expectedVersion`,
   * appending the change's `events` to the journal in the same transaction; returns the stored
   * post (version bumped) or null, writing nothing, when someone else changed it first.
   * `before` is the post as read at `expectedVersion`, what `post` was changed from, when the
   * caller has it: SQL stores then write only the columns that differ from it without reading the
   * row first (a `before` of another version is ignored). Whatever `before` says, the write is the
   * same compare-and-set and the stored post ends up equal to `post`.
   */
  updatePost(
    post: Post,
    expectedVersion: number,
    events?: readonly DomainEvent[],
    before?: Post,
  ): Promise<Post | null>;
  /**
   * Writes several posts changed together (a group's move, edit or delete) in one transaction:
   * each a compare-and-set on its version with its events. When any version no longer matches,
   * nothing is written and the answer names that post. The posts come back in the order given.
   */
  updatePosts(writes: readonly PostWrite[]): Promise<UpdatePostsOutcome>;
  /**
   * An owner's live (not deleted) posts of a group, oldest first (createdAt, then id): what a
   * group's page shows and what a group action acts on. Empty when there are none.
   */
  postsOfGroup(ownerId: string, groupId: string): Promise<readonly Post[]>;
  /**
   * Atomically leases due posts, oldest `dueAt` first: scheduled posts whose time has come and
   * publishing posts whose lease expired, never soft-deleted ones. Applies core's `claimChanges`
   * to them, writes each claimed post with its `post.publishing` event, and returns them. Two
   * concurrent claims never return the same post.
   */
  claimDuePosts(request: ClaimRequest): Promise<readonly Post[]>;
  /** The earliest `dueAt` among posts the publisher will have to claim; null when there is none. */
  nextDueAt(): Promise<Date | null>;
  /**
   * The publisher's queue split at `now` (see QueueDepth). Metrics read it on every scrape, so
   * stores answer from the queue's partial index alone, never by scanning the posts table.
   */
  queueDepth(now: Date): Promise<QueueDepth>;
  /**
   * An owner's posts newest first (createdAt desc, id desc), soft-deleted ones left out; a
   * `publishing` post counts as `scheduled` for the status filter. The other filters of the query
   * (accounts, platform, profile, scheduled-time range) all apply together.
   */
  listPosts(query: PostListQuery): Promise<PostPage>;
  /** How many of an owner's posts (not deleted) are in each public status; every status is present. */
  countPostsByStatus(
    ownerId: string,
    accountIds: readonly string[] | null,
  ): Promise<Readonly<Record<PublicPostStatus, number>>>;
  /**
   * An owner's scheduled or publishing posts (not deleted) whose scheduledTime is after `after`,
   * soonest first (id breaks ties), at most `limit`. `accountIds` filters as in `listPosts`.
   */
  upcomingPosts(
    ownerId: string,
    accountIds: readonly string[] | null,
    after: Date,
    limit: number,
  ): Promise<readonly Post[]>;
  /**
   * An owner's posts with this `contentHashOf` that are scheduled, publishing or posted (not
   * deleted) with `from <= scheduledTime <= to`, at most `REPEAT_CANDIDATES`, in no particular order: what
   * the duplicate-content check compares a new post with (see `repeatQueryOf`, `findRepeat`).
   */
  postsWithContentBetween(query: RepeatQuery): Promise<readonly Post[]>;
  /**
   * An owner's soft-deleted posts deleted after `deletedAfter` (the restore window's start),
   * most recently deleted first (id breaks ties), at most `limit`.
   */
  listDeletedPosts(ownerId: string, deletedAfter: Date, limit: number): Promise<readonly Post[]>;
  /**
   * An owner's posts (not deleted, any status) with `from <= scheduledTime < to`, soonest first
   * (id breaks ties), at most `limit`: a calendar's month or week.
   */
  postsScheduledBetween(ownerId: string, from: Date, to: Date, limit: number): Promise<readonly Post[]>;
  /**
   * Removes up to `limit` posts soft-deleted before `deletedBefore` (oldest deletion first), their
   * approvals and analytics rows, and the copies the service made only for them (core's
   * `purgeableDerivedAssets`, with their size, source links and a `media.deleted` event each), in
   * one transaction. Posts another process is purging are skipped, so concurrent purges remove
   * each post once. Their journal events stay. Never touches blobs (left to the orphan sweep).
   */
  purgeDeletedPosts(request: PostPurgeRequest): Promise<PostPurgeOutcome>;
  /**
   * Posted evergreen posts (an `evergreen` rule, not deleted) of every owner with an id after
   * `afterId` (null: from the start), in id order, at most `limit`: what the recycling sweep reads.
   */
  evergreenPosts(afterId: string | null, limit: number): Promise<readonly Post[]>;
  /** The copies recycled from a post (deleted ones too), by copy number. */
  recycledCopiesOf(originalId: string): Promise<readonly Post[]>;
};

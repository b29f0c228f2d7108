import type { FanOutCursor, FanOutLeaseRequest } from '../../webhooks/index.js';
import type { Notification } from '../notification.js';
import type { NotificationKind } from '../notification-kind.js';
import type { StoredPreferences } from '../notification-preferences.js';

/** What a notification fan-out step made of the journal between two positions. */
export type NotificationFanOutCommit = {
  readonly leaseOwner: string;
  /** The position read from: the commit applies only if the cursor is still there. */
  readonly from: string | null;
  readonly to: string;
  /** New notifications; one whose `dedupKey` is stored already is skipped, not an error. */
  readonly notifications: readonly Notification[];
};

/** How a sent or failed attempt ends, under the sender's lease. */
export type NotificationAttemptEnd = {
  readonly id: string;
  readonly leaseOwner: string;
  readonly status: 'sent' | 'pending' | 'failed';
  /** When to try again (`pending` only). */
  readonly nextAttemptAt: Date | null;
  readonly error: string | null;
  readonly at: Date;
};

/**
 * Notifications: each person's choices, and the outbox the journal fans out into. Works like the
 * webhook queue (docs/webhooks.md): the fan-out's cursor (`journal_cursors` row `notifications`)
 * is leased and moved in the same transaction as the rows it produced; a notification is leased
 * to one sender at a time and its attempt counted before it is sent, so a crash means a second
 * send after the lease runs out, never a lost one; the dedup key keeps one row per event, person
 * and kind, whatever is replayed.
 */
export type NotificationStore = {
  /** What the person chose, kind by kind (absent: never chosen). */
  preferencesOf(userId: string): Promise<StoredPreferences>;
  /** Sets one kind on or off for the person. */
  setPreference(userId: string, kind: NotificationKind, enabled: boolean, at: Date): Promise<void>;
  /** The preferences of several people at once (the fan-out's lookup); people with none are absent. */
  preferencesOfMany(userIds: readonly string[]): Promise<ReadonlyMap<string, StoredPreferences>>;

  /** Takes or renews the lease on the fan-out's cursor; null while another owner's lease lives. */
  leaseFanOut(request: Omit<FanOutLeaseRequest, 'consumer'>): Promise<FanOutCursor | null>;
  /** Starts the cursor at `position` unless it has one (a new installation tells nobody about its past). */
  startFanOutAt(position: string): Promise<void>;
  /**
   * In one transaction, if the lease is still `leaseOwner`'s and the cursor at `from`: stores the
   * notifications (skipping taken dedup keys) and moves the cursor to `to`; true. Else false,
   * nothing written.
   */
  commitFanOut(commit: NotificationFanOutCommit): Promise<boolean>;

  /**
   * Leases up to `limit` pending notifications due at `now` without a live lease, oldest due
   * first, counting an attempt on each. Concurrent claims never get the same one.
   */
  claim(request: {
    readonly now: Date;
    readonly leaseOwner: string;
    readonly leaseUntil: Date;
    readonly limit: number;
  }): Promise<readonly Notification[]>;
  /** Records an attempt's end and releases the lease; false (nothing written) when the lease was lost. */
  finishAttempt(end: NotificationAttemptEnd): Promise<boolean>;
  /**
   * Up to `limit` people who switched `kind` on themselves (a stored choice, not a default), in id
   * order after `afterUserId` (null: from the first): whom the daily digest pass reads.
   */
  peopleWhoChose(
    kind: NotificationKind,
    afterUserId: string | null,
    limit: number,
  ): Promise<readonly string[]>;
  /** Which of these dedup keys are stored already (any status). */
  takenKeys(dedupKeys: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Stores notifications made outside the journal's fan-out (the daily digest), skipping any whose
   * dedup key is stored already, so two processes making the same one store it once.
   */
  enqueue(notifications: readonly Notification[]): Promise<void>;
  /** The person's notifications, newest first (tests and the console). */
  listNotifications(userId: string, limit: number): Promise<readonly Notification[]>;
};

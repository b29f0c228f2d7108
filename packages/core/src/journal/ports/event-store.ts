import type { JournalEvent } from '../domain-event.js';

/** What a list of events shows of a post it mentions: its caption, and whether it is deleted. */
export type MentionedPost = {
  readonly id: string;
  readonly caption: string;
  /** Soft-deleted posts are included: an event may be about the deletion. */
  readonly deletedAt: Date | null;
};

/**
 * The event journal, read side. Events are appended by the other stores' writes, in the same
 * transaction as the change they record, so no change commits without its event and a rolled-back
 * change leaves none.
 */
export type EventStore = {
  /**
   * Up to `limit` events after the one at `after` (null: from the start), in journal order. A
   * reader that keeps passing the last position it got never misses an event: an event only
   * becomes readable once nothing can commit before it in that order (on PostgreSQL an event is
   * numbered once committed, after every event numbered before, so it is readable at once,
   * whatever else runs on the server: docs/events.md).
   * A position the journal did not hand out is a caller's fault: the store throws.
   */
  listEvents(after: string | null, limit: number): Promise<readonly JournalEvent[]>;
  /**
   * The first `limit` events of one subject of the owner (a post's status history), in journal
   * order. Another owner's subject has none.
   */
  historyOf(ownerId: string, subjectId: string, limit: number): Promise<readonly JournalEvent[]>;
  /**
   * The owner's last `limit` events, newest first (highest `seq` first), and no other owner's: a
   * person's recent activity. Any committed event may be listed, so on PostgreSQL an event of a
   * transaction that committed late can show below a newer one: fine for a list to look at, not
   * for a reader that resumes from a position (that is `listEvents`).
   */
  recentEventsOf(ownerId: string, limit: number): Promise<readonly JournalEvent[]>;
  /**
   * The owner's posts among `postIds` (deleted ones too), in one read, in no particular order;
   * unknown ids and other owners' posts are left out. What a list of events shows of the posts
   * it mentions (their captions), without a read per event.
   */
  postsMentioned(ownerId: string, postIds: readonly string[]): Promise<readonly MentionedPost[]>;
};

import type { JournalEvent } from '../domain/domain-event.js';

/**
 * The event journal, read side. Events are appended by the other stores' writes, in the same
 * transaction as the change they record, so no change commits without its event and a rolled-back
 * change leaves none.
 */
export type EventStore = {
  /**
   * Up to `limit` events after the one at `after` (null: from the start), in journal order. A
   * reader that keeps passing the last position it got never misses an event: an event only
   * becomes readable once nothing can commit before it in that order (on PostgreSQL, where
   * sequence values are not handed out in commit order, once every older transaction has ended).
   * A position the journal did not hand out is a caller's fault: the store throws.
   */
  listEvents(after: string | null, limit: number): Promise<readonly JournalEvent[]>;
  /**
   * The first `limit` events of one subject of the owner (a post's status history), in journal
   * order. Another owner's subject has none.
   */
  historyOf(ownerId: string, subjectId: string, limit: number): Promise<readonly JournalEvent[]>;
};

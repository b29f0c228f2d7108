import type { Clock, PublisherSignal, Wakeups } from '@svc/core';

/** A PublisherSignal whose wake-ups in-process publishers can listen to. */
export type InProcessPublisherSignal = PublisherSignal & {
  /** Calls `listener` with the due time whenever new posts fall due; returns an unsubscribe. */
  onPostsDue(listener: (dueAt: Date) => void): () => void;
};

/**
 * The link between post creation and publishers. Publishers sleep until the next post falls due
 * and wake at once when told about an earlier one, so an immediate post's next run is now. The
 * due times travel as the store's `posts-due` wake-ups: to this process's publishers, and on
 * PostgreSQL to every process on the database, on the store's one listening connection (which
 * also wakes every publisher, at `clock`'s now, after it was lost and came back).
 */
export function createPublisherSignal(wakeups: Wakeups, clock: Clock): InProcessPublisherSignal {
  return {
    nextRunAt: (now) => now,
    postsDue(dueAt) {
      wakeups.notify('posts-due', dueAt);
    },
    onPostsDue(listener) {
      // Subscribing starts listening, so API-only processes hold no listening connection.
      return wakeups.subscribe('posts-due', (at) => listener(at ?? clock.now()));
    },
  };
}

import type { PublisherSignal } from '@svc/core';

/** A PublisherSignal whose wake-ups in-process publishers can listen to. */
export type InProcessPublisherSignal = PublisherSignal & {
  /** Calls `listener` with the due time whenever new posts fall due; returns an unsubscribe. */
  onPostsDue(listener: (dueAt: Date) => void): () => void;
};

/**
 * The link between post creation and a publisher in the same process. Publishers sleep until
 * the next post falls due and wake at once when told about an earlier one, so an immediate post's
 * next run is now.
 */
export function createPublisherSignal(): InProcessPublisherSignal {
  const listeners = new Set<(dueAt: Date) => void>();
  return {
    nextRunAt: (now) => now,
    postsDue(dueAt) {
      for (const listener of listeners) listener(dueAt);
    },
    onPostsDue(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

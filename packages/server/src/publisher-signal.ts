import type { PublisherSignal } from '@svc/core';

/** A PublisherSignal whose wake-ups in-process publishers can listen to. */
export type InProcessPublisherSignal = PublisherSignal & {
  /** Calls `listener` with the due time whenever new posts fall due; returns an unsubscribe. */
  onPostsDue(listener: (dueAt: Date) => void): () => void;
};

/** Carries due times between processes on one database (PostgreSQL LISTEN/NOTIFY). */
export type PostsDueChannel = {
  notify(at: Date): Promise<void>;
  listen(onDue: (at: Date) => void): Promise<void>;
};

/**
 * The link between post creation and publishers. Publishers sleep until the next post falls due
 * and wake at once when told about an earlier one, so an immediate post's next run is now. With a
 * `channel`, due times also go to publishers in other processes, and this process's publishers
 * hear theirs.
 */
export function createPublisherSignal(channel: PostsDueChannel | null = null): InProcessPublisherSignal {
  const listeners = new Set<(dueAt: Date) => void>();
  const wakeLocal = (dueAt: Date) => {
    for (const listener of listeners) listener(dueAt);
  };
  let listening = false;
  return {
    nextRunAt: (now) => now,
    postsDue(dueAt) {
      wakeLocal(dueAt);
      // Best effort: a lost notification costs other publishers at most their polling interval.
      channel?.notify(dueAt).catch(() => {});
    },
    onPostsDue(listener) {
      listeners.add(listener);
      // Listen only once a publisher subscribes, so API-only processes hold no LISTEN connection.
      // Our own notifications come back too; waking twice is harmless.
      if (channel !== null && !listening) {
        listening = true;
        void channel.listen(wakeLocal);
      }
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What a wake-up announces: events appended to the journal, a comment recorded in the automation
 * inbox, a webhook delivery due now (a test ping, a redelivery, an endpoint enabled again), or
 * posts falling due (with their time).
 */
export type WakeupTopic = 'journal' | 'inbox' | 'deliveries' | 'posts-due';

/** Every topic, for whoever must wake everything (a listener that may have missed some). */
export const WAKEUP_TOPICS: readonly WakeupTopic[] = ['journal', 'inbox', 'deliveries', 'posts-due'];

/**
 * Tells background workers that work appeared, so they start now instead of at their next poll.
 * A shortcut, never the source of truth: a lost notification (a crash, a dropped connection)
 * costs a worker only its slow safety poll, since workers read the work itself from the store.
 */
export type Wakeups = {
  /**
   * Wakes the topic's subscribers, in this process and, where the store reaches them, in the
   * other processes on the database. `at` says when the work falls due (posts-due); none: now.
   */
  notify(topic: WakeupTopic, at?: Date): void;
  /**
   * Calls `listener` after each notification of `topic` (once for several that came together, with
   * the earliest time; null: now); returns the unsubscribe. Listeners must not throw or block.
   */
  subscribe(topic: WakeupTopic, listener: (at: Date | null) => void): () => void;
  /**
   * Resolves once notifications of other processes reach this process's subscribers (at once
   * where there are none to hear); never rejects.
   */
  listening(): Promise<void>;
};

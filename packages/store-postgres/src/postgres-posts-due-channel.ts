import {
  createPostgresWakeupChannel,
  type PostgresWakeupChannel,
  type PostgresWakeupChannelOptions,
  WAKEUP_CHANNELS,
} from './postgres-wakeup-channel.js';

/** The PostgreSQL notification channel that carries "posts fall due at" across processes. */
export const POSTS_DUE_CHANNEL = WAKEUP_CHANNELS['posts-due'];

/** How to open a posts-due channel: as a wake-up channel, whose connections it uses. */
export type PostgresPostsDueChannelOptions = PostgresWakeupChannelOptions;

/** Cross-process wake-ups for publishers: NOTIFY on one connection, LISTEN on others. */
export type PostgresPostsDueChannel = {
  /** Tells every listener on the database that posts fall due at `at`. */
  notify(at: Date): Promise<void>;
  /**
   * Calls `onDue` with the due time of each notification, and with the current time after a lost
   * connection comes back. Resolves once the first LISTEN is in place (or the channel closes);
   * connection failures are retried in the background, never rejected.
   */
  listen(onDue: (at: Date) => void): Promise<void>;
  /** Stops listening and releases every connection; idempotent. */
  close(): Promise<void>;
};

/**
 * Opens a channel of due posts alone. The PostgreSQL store's wake-ups (`store.wakeups`, topic
 * `posts-due`) carry the same notifications on the store's one listening connection; this stays
 * for callers that want due posts without a store.
 */
export function createPostgresPostsDueChannel(
  options: PostgresPostsDueChannelOptions,
): PostgresPostsDueChannel {
  return postsDueOf(createPostgresWakeupChannel(options));
}

// The posts-due view of a wake-up channel: other topics are not for it.
function postsDueOf(channel: PostgresWakeupChannel): PostgresPostsDueChannel {
  return {
    notify: (at) => channel.notify('posts-due', at),
    listen: (onDue) =>
      channel.listen((topic, at) => {
        if (topic === 'posts-due') onDue(at ?? new Date());
      }),
    close: channel.close,
  };
}

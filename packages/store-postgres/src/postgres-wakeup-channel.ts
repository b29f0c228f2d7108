import type { WakeupTopic } from '@svc/core';
import pg from 'pg';

/**
 * The PostgreSQL notification channel of each wake-up topic. `svc_posts_due` is the one earlier
 * versions used for due posts, so processes of both versions hear each other during an upgrade;
 * `svc_journal` is sent by a store after a commit that appended events.
 */
export const WAKEUP_CHANNELS: Readonly<Record<WakeupTopic, string>> = {
  journal: 'svc_journal',
  inbox: 'svc_inbox',
  deliveries: 'svc_deliveries',
  'posts-due': 'svc_posts_due',
};

/** What the listening connection calls itself in pg_stat_activity, for operators (and tests). */
export const WAKEUP_LISTENER_NAME = 'svc wakeups';

/** How to open a wake-up channel. */
export type PostgresWakeupChannelOptions = {
  /** A `postgres://…` URL, as in DATABASE_URL; notifications reach every process on that database. */
  readonly connectionString: string;
  /** Further settings of the channel's connections (TLS, timeouts), passed to pg as they are. */
  readonly client?: Omit<pg.ClientConfig, 'connectionString'>;
  /** First delay before reconnecting the listener, doubled per failed attempt (default 250 ms). */
  readonly reconnectMinMs?: number;
  /** Longest delay between reconnection attempts (default 30 s). */
  readonly reconnectMaxMs?: number;
};

/** Cross-process wake-ups: NOTIFY on one connection, every topic heard on ONE other. */
export type PostgresWakeupChannel = {
  /** Tells every listener on the database about `topic`, with a time (null: none). */
  notify(topic: WakeupTopic, at: Date | null): Promise<void>;
  /**
   * Calls `onWakeup` for each notification of every topic, and for every topic (time null) after
   * a lost connection comes back, since notifications sent meanwhile are lost. Resolves once the
   * first LISTEN is in place (or the channel closes); connection failures are retried in the
   * background, never rejected.
   */
  listen(onWakeup: (topic: WakeupTopic, at: Date | null) => void): Promise<void>;
  /** Stops listening and releases every connection; idempotent. */
  close(): Promise<void>;
};

const TOPIC_OF = new Map(Object.entries(WAKEUP_CHANNELS).map(([topic, channel]) => [channel, topic])) as Map<
  string,
  WakeupTopic
>;

/**
 * Opens a channel on the database at `connectionString`. Notifying uses a pool of one connection
 * opened on demand; listening holds one dedicated client for every topic, since LISTEN belongs
 * to a session and a pooled session could be handed to other work. Nothing connects until notify
 * or listen is called.
 */
export function createPostgresWakeupChannel(options: PostgresWakeupChannelOptions): PostgresWakeupChannel {
  const minDelay = options.reconnectMinMs ?? 250;
  const maxDelay = options.reconnectMaxMs ?? 30_000;
  const config: pg.ClientConfig = {
    application_name: WAKEUP_LISTENER_NAME,
    ...options.client,
    connectionString: options.connectionString,
    // A half-open TCP connection would otherwise leave the listener silently deaf.
    keepAlive: true,
  };
  const listeners = new Set<(topic: WakeupTopic, at: Date | null) => void>();
  let notifyPool: pg.Pool | null = null;
  let client: pg.Client | null = null;
  let connecting = false;
  let everListened = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  const waitingForListen: Array<() => void> = [];
  let closing: Promise<void> | undefined;
  const inFlight = new Set<Promise<void>>();

  const emit = (topic: WakeupTopic, at: Date | null) => {
    for (const listener of listeners) {
      // A throwing listener must neither break the others nor the connection's event handling.
      try {
        listener(topic, at);
      } catch {}
    }
  };

  const settleWaiting = () => {
    for (const resolve of waitingForListen.splice(0)) resolve();
  };

  const scheduleReconnect = () => {
    if (closed || retry !== null) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** failures);
    failures += 1;
    // Jitter, so many processes that lost the same server do not reconnect in lockstep.
    retry = setTimeout(
      () => {
        retry = null;
        void connect();
      },
      delay * (0.75 + Math.random() * 0.5),
    );
    retry.unref();
  };

  const connect = async () => {
    if (closed || connecting || client !== null) return;
    connecting = true;
    const candidate = new pg.Client(config);
    let ended = false;
    // Errors of an open connection are followed by 'end', which is where we reconnect.
    candidate.on('error', () => {});
    candidate.on('end', () => {
      ended = true;
      if (client === candidate) {
        client = null;
        scheduleReconnect();
      }
    });
    candidate.on('notification', (message) => {
      const topic = TOPIC_OF.get(message.channel);
      if (topic !== undefined) emit(topic, timeOf(message.payload));
    });
    try {
      await candidate.connect();
      await candidate.query(
        Object.values(WAKEUP_CHANNELS)
          .map((channel) => `LISTEN ${channel};`)
          .join(' '),
      );
    } catch {
      connecting = false;
      await candidate.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    connecting = false;
    if (closed || ended) {
      await candidate.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    client = candidate;
    failures = 0;
    const reconnected = everListened;
    everListened = true;
    settleWaiting();
    // Notifications sent while we were disconnected are lost: work may be waiting on every topic.
    if (reconnected) for (const topic of TOPIC_OF.values()) emit(topic, null);
  };

  return {
    async notify(topic, at) {
      if (closed) throw new Error('The wake-up channel is closed.');
      if (notifyPool === null) {
        notifyPool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 30_000 });
        // A broken idle connection is replaced on the next notify; it must not crash the process.
        notifyPool.on('error', () => {});
      }
      const sent = notifyPool
        .query('SELECT pg_notify($1, $2)', [WAKEUP_CHANNELS[topic], at?.toISOString() ?? ''])
        .then(() => {});
      // close() waits for these, so a short-lived process (a CLI command) does not drop its notice.
      inFlight.add(sent);
      try {
        await sent;
      } finally {
        inFlight.delete(sent);
      }
    },
    listen(onWakeup) {
      if (closed) return Promise.resolve();
      listeners.add(onWakeup);
      if (client !== null) return Promise.resolve();
      const listening = new Promise<void>((resolve) => waitingForListen.push(resolve));
      void connect();
      return listening;
    },
    close() {
      closing ??= (async () => {
        closed = true;
        listeners.clear();
        if (retry !== null) clearTimeout(retry);
        retry = null;
        settleWaiting();
        const listener = client;
        client = null;
        await Promise.allSettled([...inFlight]);
        await Promise.all([listener?.end().catch(() => {}), notifyPool?.end().catch(() => {})]);
      })();
      return closing;
    },
  };
}

// A time in the payload (posts-due); empty or unreadable: none, which listeners take as "now".
function timeOf(payload: string | undefined): Date | null {
  if (payload === undefined || payload === '') return null;
  const at = new Date(payload);
  return Number.isNaN(at.getTime()) ? null : at;
}

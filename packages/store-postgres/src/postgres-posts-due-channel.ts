import pg from 'pg';

/** The PostgreSQL notification channel that carries "posts fall due at" across processes. */
export const POSTS_DUE_CHANNEL = 'svc_posts_due';

/** How to open a posts-due channel. */
export type PostgresPostsDueChannelOptions = {
  /** A `postgres://…` URL, as in DATABASE_URL; notifications reach every process on that database. */
  readonly connectionString: string;
  /** Further settings of the channel's connections (TLS, timeouts), passed to pg as they are. */
  readonly client?: Omit<pg.ClientConfig, 'connectionString'>;
  /** First delay before reconnecting the listener, doubled per failed attempt (default 250 ms). */
  readonly reconnectMinMs?: number;
  /** Longest delay between reconnection attempts (default 30 s). */
  readonly reconnectMaxMs?: number;
};

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
 * Opens a channel on the database at `connectionString`. Notifying uses a pool of one connection
 * opened on demand; listening holds one dedicated client, since LISTEN belongs to a session and a
 * pooled session could be handed to other work. Nothing connects until notify or listen is called.
 */
export function createPostgresPostsDueChannel(
  options: PostgresPostsDueChannelOptions,
): PostgresPostsDueChannel {
  const minDelay = options.reconnectMinMs ?? 250;
  const maxDelay = options.reconnectMaxMs ?? 30_000;
  const config: pg.ClientConfig = {
    ...options.client,
    connectionString: options.connectionString,
    // A half-open TCP connection would otherwise leave the listener silently deaf.
    keepAlive: true,
  };
  const listeners = new Set<(at: Date) => void>();
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

  const emit = (at: Date) => {
    for (const listener of listeners) {
      // A throwing listener must neither break the others nor the connection's event handling.
      try {
        listener(at);
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
      if (message.channel !== POSTS_DUE_CHANNEL) return;
      const at = new Date(message.payload ?? '');
      // An unreadable payload still means "something is due": wake now rather than miss it.
      emit(Number.isNaN(at.getTime()) ? new Date() : at);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${POSTS_DUE_CHANNEL}`);
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
    // Notifications sent while we were disconnected are lost; posts may be due already.
    if (reconnected) emit(new Date());
  };

  return {
    async notify(at) {
      if (closed) throw new Error('The posts-due channel is closed.');
      if (notifyPool === null) {
        notifyPool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 30_000 });
        // A broken idle connection is replaced on the next notify; it must not crash the process.
        notifyPool.on('error', () => {});
      }
      const sent = notifyPool
        .query('SELECT pg_notify($1, $2)', [POSTS_DUE_CHANNEL, at.toISOString()])
        .then(() => {});
      // close() waits for these, so a short-lived process (a CLI command) does not drop its notice.
      inFlight.add(sent);
      try {
        await sent;
      } finally {
        inFlight.delete(sent);
      }
    },
    listen(onDue) {
      if (closed) return Promise.resolve();
      listeners.add(onDue);
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

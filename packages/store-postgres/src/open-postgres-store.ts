import type { Store } from '@svc/core';
import pg from 'pg';
import { journalNoticingPool } from './journal-noticing-pool.js';
import { migratePostgres, pendingPostgresMigrations } from './migrate-postgres.js';
import { createPostgresAccountStore } from './postgres-account-store.js';
import { createPostgresAnalyticsStore } from './postgres-analytics-store.js';
import { createPostgresApiKeyStore } from './postgres-api-key-store.js';
import { createPostgresApprovalStore } from './postgres-approval-store.js';
import { createPostgresAutomationStore } from './postgres-automation-store.js';
import { createPostgresBillingStore } from './postgres-billing-store.js';
import { createPostgresConnectionRequestStore } from './postgres-connection-request-store.js';
import { createPostgresEventStore } from './postgres-journal.js';
import { createPostgresMediaStore } from './postgres-media-store.js';
import { createPostgresNotificationStore } from './postgres-notification-store.js';
import { createPostgresOAuthStore } from './postgres-oauth-store.js';
import { createPostgresPostStore } from './postgres-post-store.js';
import { createPostgresPostingSlotStore } from './postgres-posting-slot-store.js';
import { createPostgresRateLimitStore } from './postgres-rate-limit-store.js';
import { createPostgresReviewLinkStore } from './postgres-review-link-store.js';
import { createPostgresSecondFactorStore } from './postgres-second-factor-store.js';
import { createPostgresUserStore } from './postgres-user-store.js';
import { createPostgresWakeupChannel } from './postgres-wakeup-channel.js';
import { createPostgresWakeups } from './postgres-wakeups.js';
import { createPostgresWebhookStore } from './postgres-webhook-store.js';
import { createPostgresWorkspaceStore } from './postgres-workspace-store.js';
import { preparingClient } from './preparing-client.js';
import { unavailableAwarePool } from './unavailable-errors.js';

/** How long a query waits for a pooled connection before the database counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Settings of the connection pool, passed to pg's Pool as they are. */
export type PostgresPoolOptions = Omit<pg.PoolConfig, 'connectionString'>;

/** How to open a PostgreSQL store. */
export type PostgresStoreOptions = {
  /** A `postgres://…` URL, as in DATABASE_URL. */
  readonly connectionString: string;
  /**
   * Apply pending migrations while opening (default true). With false, opening fails when
   * migrations are pending, for deployments that migrate in a separate step (`svc migrate`).
   */
  readonly migrate?: boolean;
  /** Pool size, timeouts, TLS, `options` (such as a search_path) and the rest of pg's settings. */
  readonly pool?: PostgresPoolOptions;
  /**
   * Run parameterised statements as named prepared statements (default true): each connection
   * parses and plans a statement once. Turn off behind a pooler that cannot keep them (PgBouncer
   * in transaction mode before 1.21, or without `max_prepared_statements`).
   */
  readonly preparedStatements?: boolean;
};

/**
 * Opens every storage port on one PostgreSQL database through a connection pool. Resolves once the
 * database answers and its schema is current (migrated here, or checked when `migrate` is false);
 * rejects, with the pool closed, otherwise. Any number of processes may open stores on the same
 * database: transactions and row locks keep them consistent.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const raw = new pg.Pool({
    // Without a timeout, a request waits forever for a connection while the database is away;
    // with one, it gets database_unavailable and the client can retry.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...options.pool,
    ...((options.preparedStatements ?? true) ? { Client: preparingClient() } : {}),
    connectionString: options.connectionString,
  });
  // An idle pooled connection that breaks (a server restart) must not crash the process; the next
  // query gets a fresh connection.
  raw.on('error', () => {});
  const pool = unavailableAwarePool(raw);
  try {
    if (options.migrate ?? true) {
      await migratePostgres(pool);
    } else {
      const pending = await pendingPostgresMigrations(pool);
      if (pending.length > 0) {
        throw new Error(`The PostgreSQL database needs migrations first: ${pending.join(', ')}.`);
      }
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed: Promise<void> | undefined;
  // One listening connection for every topic, opened when a worker first subscribes.
  const wakeups = createPostgresWakeups(
    createPostgresWakeupChannel({
      connectionString: options.connectionString,
      client: clientSettings(options.pool),
    }),
  );
  // Journal followers hear of appends once they committed, here and in every other process.
  const stores = journalNoticingPool(pool, () => wakeups.notify('journal'));
  return {
    posts: createPostgresPostStore(stores),
    users: createPostgresUserStore(stores),
    workspaces: createPostgresWorkspaceStore(stores),
    apiKeys: createPostgresApiKeyStore(stores),
    accounts: createPostgresAccountStore(stores),
    postingSlots: createPostgresPostingSlotStore(stores),
    media: createPostgresMediaStore(stores),
    connectionRequests: createPostgresConnectionRequestStore(stores),
    approvals: createPostgresApprovalStore(stores),
    reviewLinks: createPostgresReviewLinkStore(stores),
    billing: createPostgresBillingStore(stores),
    oauth: createPostgresOAuthStore(stores),
    events: createPostgresEventStore(stores),
    analytics: createPostgresAnalyticsStore(stores),
    automations: createPostgresAutomationStore(stores),
    webhooks: createPostgresWebhookStore(stores),
    notifications: createPostgresNotificationStore(stores),
    rateLimits: createPostgresRateLimitStore(stores),
    secondFactors: createPostgresSecondFactorStore(stores),
    wakeups: { notify: wakeups.notify, subscribe: wakeups.subscribe, listening: wakeups.listening },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      // Idempotent, so shutdown paths that both close the store do not trip over each other.
      closed ??= Promise.all([pool.end(), wakeups.close()]).then(() => {});
      await closed;
    },
  };
}

// The pool's connection settings (TLS, timeouts, `options`) without its sizing, for the listener.
function clientSettings(pool: PostgresPoolOptions | undefined): pg.ClientConfig {
  if (pool === undefined) return {};
  const { max: _max, min: _min, idleTimeoutMillis: _idle, maxUses: _uses, ...client } = pool;
  return client;
}

import type { Store } from '@svc/core';
import { createCredentialCache } from './credential-cache.js';
import { migrateSqlite, pendingSqliteMigrations } from './migrate-sqlite.js';
import { openSqliteDatabase } from './open-sqlite-database.js';
import { createSqliteAccountStore } from './sqlite-account-store.js';
import { createSqliteAnalyticsStore } from './sqlite-analytics-store.js';
import { createSqliteApiKeyStore } from './sqlite-api-key-store.js';
import { createSqliteApprovalStore } from './sqlite-approval-store.js';
import { createSqliteAutomationStore } from './sqlite-automation-store.js';
import { createSqliteBillingStore } from './sqlite-billing-store.js';
import { createSqliteConnectionRequestStore } from './sqlite-connection-request-store.js';
import { createSqliteGroupCommit } from './sqlite-group-commit.js';
import { createSqliteJournal } from './sqlite-journal.js';
import { createSqliteMediaStore } from './sqlite-media-store.js';
import { createSqliteNotificationStore } from './sqlite-notification-store.js';
import { createSqliteOAuthStore } from './sqlite-oauth-store.js';
import { createSqlitePostStore } from './sqlite-post-store.js';
import { createSqlitePostingSlotStore } from './sqlite-posting-slot-store.js';
import { createSqliteRateLimitStore } from './sqlite-rate-limit-store.js';
import { createSqliteReadCache } from './sqlite-read-cache.js';
import { createSqliteReviewLinkStore } from './sqlite-review-link-store.js';
import { createSqliteSecondFactorStore } from './sqlite-second-factor-store.js';
import { createSqliteUserStore } from './sqlite-user-store.js';
import { createSqliteWakeups, DEFAULT_SQLITE_WATCH_MS } from './sqlite-wakeups.js';
import { createSqliteWebhookStore } from './sqlite-webhook-store.js';
import { createSqliteWorkspaceStore } from './sqlite-workspace-store.js';

/** How to open a SQLite store. */
export type SqliteStoreOptions = {
  /** The database file; it and its directory are created when missing. */
  readonly path: string;
  /**
   * Apply pending migrations while opening (default true). With false, opening fails when
   * migrations are pending, for deployments that migrate in a separate step (`svc migrate`).
   */
  readonly migrate?: boolean;
  /**
   * How often, while workers listen for wake-ups, the store checks whether another process
   * committed (default 250 ms; docs/webhooks.md#wake-ups).
   */
  readonly watchMs?: number;
  /**
   * At most how long a cached credential is trusted before looking for other processes' commits
   * (default `CREDENTIAL_RECHECK_MS`, 100 ms): how late a key revoked by the CLI is refused.
   */
  readonly credentialRecheckMs?: number;
};

/**
 * Opens every storage port on one SQLite file. Synchronous, because better-sqlite3 is: it returns
 * once the file is open, configured and migrated, and throws if any of that fails. Each process
 * (API server, CLI, publisher) opens its own store on the shared file; SQLite's locking keeps them
 * consistent. Port methods return promises to honour the ports, but do their work synchronously.
 */
export function openSqliteStore(options: SqliteStoreOptions): Store {
  const db = openSqliteDatabase(options.path);
  try {
    if (options.migrate ?? true) {
      migrateSqlite(db);
    } else {
      const pending = pendingSqliteMigrations(db);
      if (pending.length > 0) {
        throw new Error(`The database ${options.path} needs migrations first: ${pending.join(', ')}.`);
      }
    }
    const ping = db.prepare('SELECT 1');
    const credentials = createCredentialCache(db, { recheckMs: options.credentialRecheckMs });
    const groupCommit = createSqliteGroupCommit(db);
    const reads = createSqliteReadCache(db);
    const wakeups = createSqliteWakeups(db, options.watchMs ?? DEFAULT_SQLITE_WATCH_MS);
    const appending = createSqliteJournal(db);
    // Every store's change appends through here; the wake-up is delivered after the commit.
    const journal: typeof appending = {
      ...appending,
      append(events) {
        appending.append(events);
        if (events.length > 0) wakeups.notify('journal');
      },
    };
    const posts = createSqlitePostStore(db, journal, groupCommit);
    const accounts = createSqliteAccountStore(db, journal);
    return {
      // Reading a post (every GET) and its accounts (every create) repeat between writes.
      posts: { ...posts, getPost: reads.cached(posts.getPost) },
      users: createSqliteUserStore(db, credentials),
      workspaces: createSqliteWorkspaceStore(db),
      apiKeys: createSqliteApiKeyStore(db, credentials),
      accounts: { ...accounts, getAccount: reads.cached(accounts.getAccount) },
      postingSlots: createSqlitePostingSlotStore(db),
      media: createSqliteMediaStore(db, journal),
      connectionRequests: createSqliteConnectionRequestStore(db),
      approvals: createSqliteApprovalStore(db),
      reviewLinks: createSqliteReviewLinkStore(db, journal),
      billing: createSqliteBillingStore(db),
      oauth: createSqliteOAuthStore(db),
      events: journal.store,
      analytics: createSqliteAnalyticsStore(db, journal),
      automations: createSqliteAutomationStore(db, journal),
      webhooks: createSqliteWebhookStore(db),
      notifications: createSqliteNotificationStore(db),
      rateLimits: createSqliteRateLimitStore(db),
      secondFactors: createSqliteSecondFactorStore(db),
      wakeups: { notify: wakeups.notify, subscribe: wakeups.subscribe, listening: wakeups.listening },
      async ping() {
        ping.get();
      },
      async close() {
        // Idempotent, so shutdown paths that both close the store do not trip over each other.
        wakeups.close();
        // Queued creates are committed first: their callers are waiting for an answer.
        if (!db.open) return;
        groupCommit.flush();
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

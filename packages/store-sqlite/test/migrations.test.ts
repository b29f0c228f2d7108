import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  migrateSqlite,
  openSqliteStore,
  pendingSqliteMigrations,
  SQLITE_MIGRATIONS,
  type SqliteMigration,
} from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const ALL_IDS = SQLITE_MIGRATIONS.map((m) => m.id);

function withDatabase<T>(path: string, read: (db: Database.Database) => T): T {
  const db = new Database(path);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const recordedIds = (path: string) =>
  withDatabase(path, (db) => db.prepare('SELECT id FROM schema_migrations ORDER BY id').pluck().all());

const schemaNames = (path: string) =>
  withDatabase(path, (db) =>
    db.prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') ORDER BY name").pluck().all(),
  );

describe('migrateSqlite', () => {
  it('applies every migration to a fresh file, creating its directory', () => {
    const path = tempPath('nested/deeper/svc.db');
    expect(existsSync(dirname(path))).toBe(false);

    expect(migrateSqlite(path)).toEqual({ applied: ALL_IDS });
    expect(recordedIds(path)).toEqual(ALL_IDS);
    expect(schemaNames(path)).toEqual(
      expect.arrayContaining([
        'users',
        'api_keys',
        'connected_accounts',
        'media_assets',
        'posts',
        'post_idempotency',
        'post_quota_usage',
        'schema_migrations',
        'posts_due',
        'oauth_records',
        'post_collections',
        'post_collections_due',
        'post_collections_owner',
        'metric_snapshots',
        'journal_cursors',
        'account_follower_reads',
        'automations',
        'automations_owner',
        'automations_live',
        'automation_counts',
        'automation_inbox',
        'automation_inbox_due',
        'automation_inbox_private_replies',
        'events_subject',
        'oauth_records_account',
        'media_assets_owner_list',
        'webhook_subscriptions',
        'webhook_subscriptions_owner',
        'webhook_messages',
        'webhook_deliveries',
        'webhook_deliveries_due',
        'webhook_deliveries_leased',
        'webhook_attempts',
        'webhook_attempts_subscription',
        'connected_accounts_token_expiry',
        'posts_deleted',
        'posts_owner_deleted',
        'webhook_messages_created',
        'webhook_deliveries_message',
        'webhook_attempts_message',
      ]),
    );
    expect(schemaNames(path)).not.toContain('posts_owner_created');
  });

  it('0002 backfills the quota usage counters from the posts that exist, by month of creation', () => {
    const path = tempPath();
    const [first] = SQLITE_MIGRATIONS;
    migrateSqlite(path, first === undefined ? [] : [first]);
    withDatabase(path, (db) => {
      const insert = db.prepare(
        `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, created_at, updated_at, attempts, version)
         VALUES (?, ?, ?, '', '[]', '[]', '[]', ?, ?, 0, 0)`,
      );
      const rows: [string, string, string, string][] = [
        ['p1', 'ann', 'scheduled', '2026-01-01T00:00:00.000Z'],
        ['p2', 'ann', 'posted', '2026-01-31T23:59:59.999Z'],
        ['p3', 'ann', 'failed', '2026-02-01T00:00:00.000Z'],
        ['p4', 'ann', 'draft', '2026-02-03T00:00:00.000Z'],
        ['p5', 'bob', 'publishing', '2026-01-15T12:00:00.000Z'],
      ];
      for (const [id, owner, status, at] of rows)
        insert.run(id, owner, status, Date.parse(at), Date.parse(at));
    });
    expect(migrateSqlite(path)).toEqual({
      applied: [
        '0002_quota_usage',
        '0003_drop_posts_owner_created',
        '0004_media_library',
        '0005_connection_requests',
        '0006_drafts_and_approvals',
        '0007_billing',
        '0008_oauth',
        '0009_post_content_hash',
        '0010_event_journal',
        '0011_analytics',
        '0012_follower_reads',
        '0013_automations',
        '0014_event_subjects',
        '0015_oauth_accounts',
        '0016_media_library_list',
        '0017_user_time_zone',
        '0018_last_use',
        '0019_webhooks',
        '0020_token_expiry_warnings',
        '0021_events_owner',
        '0022_pending_media',
        '0023_rate_limits',
        '0024_blob_removals',
        '0025_sweeps',
        '0026_post_warnings',
        '0027_post_groups',
        '0028_journal_clock',
        '0029_posting_slots',
        '0030_evergreen',
        '0031_queued_drafts',
        '0032_workspaces',
        '0033_notifications',
        '0034_first_comment',
        '0035_workspace_credentials',
        '0036_review_links',
        '0037_approval_steps',
        '0038_journal_actor',
        '0039_second_factors',
      ],
    });
    const usage = withDatabase(path, (db) =>
      db
        .prepare('SELECT owner_id, window_start, used FROM post_quota_usage ORDER BY owner_id, window_start')
        .all(),
    );
    expect(usage).toEqual([
      { owner_id: 'ann', window_start: Date.parse('2026-01-01T00:00:00Z'), used: 2 },
      { owner_id: 'ann', window_start: Date.parse('2026-02-01T00:00:00Z'), used: 1 },
      { owner_id: 'bob', window_start: Date.parse('2026-01-01T00:00:00Z'), used: 1 },
    ]);
  });

  it('0020 leaves accounts connected before it unwarned, listed for the token expiry sweep', async () => {
    const path = tempPath();
    const before = SQLITE_MIGRATIONS.filter((m) => m.id < '0020');
    migrateSqlite(path, before);
    const expiresAt = Date.parse('2026-01-18T12:00:00.000Z');
    withDatabase(path, (db) =>
      db
        .prepare(
          `INSERT INTO connected_accounts (id, owner_id, platform, platform_account_id, handle, profile_url,
             status, needs_reconnect, sealed_credentials, token_expires_at, connected_at, updated_at)
           VALUES ('acct_old', 'ann', 'facebook', 'fb-1', 'ann', 'https://facebook.example/ann',
             'active', 0, 'sealed', ?, 0, 0)`,
        )
        .run(expiresAt),
    );
    expect(migrateSqlite(path).applied[0]).toBe('0020_token_expiry_warnings');
    const warnedFor = withDatabase(path, (db) =>
      db.prepare('SELECT token_expiry_warned_for FROM connected_accounts').pluck().all(),
    );
    expect(warnedFor).toEqual([null]);
    const store = openSqliteStore({ path, migrate: false });
    try {
      const week = new Date('2026-01-22T12:00:00.000Z');
      const listed = await store.accounts.accountsWithTokensExpiring('facebook', week, 10);
      expect(listed.map((a) => [a.id, a.tokenExpiresAt])).toEqual([['acct_old', new Date(expiresAt)]]);
    } finally {
      await store.close();
    }
  });

  it('0028 merges the two journal cursor tables into journal_cursors, each follower resuming where it was', async () => {
    const path = tempPath();
    migrateSqlite(
      path,
      SQLITE_MIGRATIONS.filter((m) => m.id < '0028'),
    );
    withDatabase(path, (db) => {
      const event = db.prepare(
        "INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ('post.posted', 'ann', ?, 0, '{}')",
      );
      for (const subject of ['post_1', 'post_2', 'post_3']) event.run(subject);
      db.prepare("INSERT INTO journal_cursors (name, position) VALUES ('analytics', '1')").run();
      db.prepare(
        "INSERT INTO journal_consumers (consumer, position, lease_owner, lease_until) VALUES ('webhooks', '2', 'worker-a', 99)",
      ).run();
    });
    expect(migrateSqlite(path).applied).toEqual([
      '0028_journal_clock',
      '0029_posting_slots',
      '0030_evergreen',
      '0031_queued_drafts',
      '0032_workspaces',
      '0033_notifications',
      '0034_first_comment',
      '0035_workspace_credentials',
      '0036_review_links',
      '0037_approval_steps',
      '0038_journal_actor',
      '0039_second_factors',
    ]);
    const rows = withDatabase(path, (db) => db.prepare('SELECT * FROM journal_cursors ORDER BY name').all());
    expect(rows).toEqual([
      { name: 'analytics', position: '1', lease_owner: null, lease_until: null },
      { name: 'webhooks', position: '2', lease_owner: 'worker-a', lease_until: 99 },
    ]);
    expect(schemaNames(path)).not.toContain('journal_consumers');
    const store = openSqliteStore({ path, migrate: false });
    try {
      // The webhook fan-out's lease and cursor came along: another worker is refused until it lapses.
      const lease = { consumer: 'webhooks', now: new Date(50), leaseUntil: new Date(500) };
      expect(await store.webhooks.leaseFanOut({ ...lease, leaseOwner: 'worker-b' })).toBeNull();
      expect(await store.webhooks.leaseFanOut({ ...lease, leaseOwner: 'worker-a' })).toEqual({
        position: '2',
      });
      expect((await store.events.listEvents('2', 10)).map((e) => e.subjectId)).toEqual(['post_3']);
      // The analytics follower reads on after post_1.
      expect(await store.analytics.followJournal(10)).toBe(2);
      expect(await store.analytics.followJournal(10)).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('applies nothing the second time, whether by path or on an open store file', async () => {
    const path = tempPath();
    migrateSqlite(path);
    const appliedAt = withDatabase(path, (db) =>
      db.prepare('SELECT applied_at FROM schema_migrations').pluck().all(),
    );

    expect(migrateSqlite(path)).toEqual({ applied: [] });
    await openSqliteStore({ path }).close();
    expect(recordedIds(path)).toEqual(ALL_IDS);
    expect(
      withDatabase(path, (db) => db.prepare('SELECT applied_at FROM schema_migrations').pluck().all()),
    ).toEqual(appliedAt);
  });

  it('records when each migration was applied', () => {
    const path = tempPath();
    const before = Date.now();
    migrateSqlite(path);
    const rows = withDatabase(path, (db) =>
      db
        .prepare<[], { id: string; applied_at: number }>('SELECT id, applied_at FROM schema_migrations')
        .all(),
    );
    for (const row of rows) {
      expect(row.applied_at).toBeGreaterThanOrEqual(before);
      expect(row.applied_at).toBeLessThanOrEqual(Date.now());
    }
  });

  it('applies only a migration added later, on a connection it is given', () => {
    const path = tempPath();
    migrateSqlite(path);
    const next: SqliteMigration = {
      id: '9000_extra',
      sql: 'CREATE TABLE extra (id TEXT PRIMARY KEY) STRICT;',
    };

    const report = withDatabase(path, (db) => migrateSqlite(db, [...SQLITE_MIGRATIONS, next]));
    expect(report).toEqual({ applied: ['9000_extra'] });
    expect(recordedIds(path)).toEqual([...ALL_IDS, '9000_extra']);
    expect(schemaNames(path)).toContain('extra');
  });

  it('rolls a failing migration back completely and keeps the ones before it', () => {
    const path = tempPath();
    const broken: SqliteMigration = {
      id: '9000_broken',
      sql: 'CREATE TABLE half_done (id TEXT) STRICT; INSERT INTO no_such_table VALUES (1);',
    };

    expect(() => migrateSqlite(path, [...SQLITE_MIGRATIONS, broken])).toThrow(/no such table/);
    expect(recordedIds(path)).toEqual(ALL_IDS);
    expect(schemaNames(path)).not.toContain('half_done');
  });

  it('refuses a list whose ids are not in ascending order, before touching the file', () => {
    const path = tempPath();
    const early: SqliteMigration = { id: '0000_too_early', sql: 'CREATE TABLE early (id TEXT) STRICT;' };
    expect(() => migrateSqlite(path, [...SQLITE_MIGRATIONS, early])).toThrow(/out of order/);
    expect(schemaNames(path)).not.toContain('users');
  });

  it('reports pending migrations', () => {
    const path = tempPath();
    withDatabase(path, (db) => expect(pendingSqliteMigrations(db)).toEqual(ALL_IDS));
    migrateSqlite(path);
    withDatabase(path, (db) => expect(pendingSqliteMigrations(db)).toEqual([]));
  });
});

describe('openSqliteStore with migrate: false', () => {
  it('refuses a database that still needs migrations, naming them', () => {
    const path = tempPath();
    expect(() => openSqliteStore({ path, migrate: false })).toThrow(ALL_IDS[0]);
  });

  it('opens a database migrated beforehand', async () => {
    const path = tempPath();
    migrateSqlite(path);
    const store = openSqliteStore({ path, migrate: false });
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
  });
});

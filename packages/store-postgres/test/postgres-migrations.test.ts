import { METRIC_NAMES } from '@svc/core';
import pg from 'pg';
import { expect, it } from 'vitest';
import { migratePostgres, openPostgresStore, POSTGRES_MIGRATIONS } from '../src/index.js';
import { TOKENS_EXPIRING_SQL } from '../src/postgres-account-store.js';
import { CLAIM_COLLECTIONS_SQL } from '../src/postgres-analytics-queries.js';
import { CLAIM_COMMENTS_SQL } from '../src/postgres-automation-queries.js';
import { LIST_POSTS_SQL } from '../src/postgres-post-queries.js';
import { SELECT_DUE_POSTS_SQL, SELECT_QUEUE_DEPTH_SQL } from '../src/postgres-post-store.js';
import {
  CLAIM_DELIVERIES_SQL,
  LIST_ATTEMPTS_SQL,
  LOCK_CLAIMABLE_SUBSCRIPTIONS_SQL,
} from '../src/postgres-webhook-queries.js';
import { describePostgres } from '../src/testing/index.js';

const ALL = POSTGRES_MIGRATIONS.map((m) => m.id);

await describePostgres('PostgreSQL migrations', (db) => {
  const poolOn = async () => new pg.Pool({ connectionString: db.url(), ...(await db.freshSchema()) });

  it('applies every migration once, however many processes start at once', async () => {
    const pools = [await poolOn()];
    const options = pools[0]?.options.options;
    for (let i = 0; i < 3; i += 1) pools.push(new pg.Pool({ connectionString: db.url(), options }));
    try {
      const reports = await Promise.all(pools.map((pool) => migratePostgres(pool)));
      expect(reports.flatMap((r) => r.applied).sort()).toEqual(ALL);
      const recorded = await pools[0]?.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(recorded?.rows.map((r) => r.id)).toEqual(ALL);
      expect(await migratePostgres(pools[1] as pg.Pool)).toEqual({ applied: [] });
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('leaves no trace of a failing migration', async () => {
    const pool = await poolOn();
    try {
      const broken = [
        ...POSTGRES_MIGRATIONS,
        { id: '9999_broken', sql: 'CREATE TABLE half (id text); SELECT nope;' },
      ];
      await expect(migratePostgres(pool, broken)).rejects.toThrow(/nope/);
      const half = await pool.query("SELECT to_regclass('half') AS t");
      expect(half.rows[0]?.t).toBeNull();
      const recorded = await pool.query('SELECT id FROM schema_migrations');
      expect(recorded.rowCount).toBe(ALL.length);
    } finally {
      await pool.end();
    }
  });

  it('refuses to open an unmigrated database when told not to migrate, and opens a migrated one', async () => {
    const schema = await db.freshSchema();
    await expect(
      openPostgresStore({ connectionString: db.url(), migrate: false, pool: schema }),
    ).rejects.toThrow(/needs migrations first: 0001_initial/);
    const migrated = await openPostgresStore({ connectionString: db.url(), pool: schema });
    await migrated.close();
    const store = await openPostgresStore({ connectionString: db.url(), migrate: false, pool: schema });
    await store.ping();
    await store.close();
    await store.close();
  });

  it('claims through the partial index posts_due, in index order', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        // An empty table is cheaper to scan; the point is that the index serves the query at all.
        await client.query('SET enable_seqscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${SELECT_DUE_POSTS_SQL}`, [
          new Date(),
          10,
          ['acct_busy'],
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Index Scan using posts_due/);
        expect(text).not.toMatch(/Sort/);
        expect(text).toMatch(/LockRows/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('counts the queue for the metrics through a partial index of the queue', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        // As for the claims: the point is that an index over the queue alone can serve the count,
        // so a scrape costs what the queue holds, not what the table's history holds. Both
        // partial indexes of the queue (posts_due, posts_owner_upcoming) qualify.
        await client.query('SET enable_seqscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${SELECT_QUEUE_DEPTH_SQL}`, [
          new Date(),
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(
          /(Index Only Scan|Index Scan|Bitmap Index Scan) (using|on) posts_(due|owner_upcoming)\b/,
        );
        expect(text).not.toMatch(/Seq Scan/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('lists posts, with every filter of the REST list, in order through posts_owner_list', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        // As for the claims: the point is that the index can serve the filtered list in order at all.
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${LIST_POSTS_SQL}`, [
          'user_1',
          ['acct_1'],
          ['scheduled', 'publishing'],
          null,
          null,
          101,
          'instagram',
          'acct_1',
          new Date(0),
          new Date(),
          '%launch\\_day%',
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Index Scan using posts_owner_list/);
        expect(text).not.toMatch(/Sort/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('claims collections through the partial index post_collections_due', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        // On an empty table a bitmap scan and a sort cost as little; the point is that the index
        // can serve the claim in order at all.
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const now = new Date();
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${CLAIM_COLLECTIONS_SQL}`, [
          now,
          10,
          'collector',
          now,
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        // The due rows come in claim order from the index, locked as they are read.
        expect(text).toMatch(/LockRows.*\n\s+->\s+Index Scan using post_collections_due/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('claims inbox comments through the partial index automation_inbox_due', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        // As for the collections: the point is that the index can serve the claim in order at all.
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const now = new Date();
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${CLAIM_COMMENTS_SQL}`, [
          now,
          10,
          'replier',
          now,
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        // The due comments come in claim order from the index, locked as they are read.
        expect(text).toMatch(/LockRows.*\n\s+->\s+Index Scan using automation_inbox_due/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('creates the webhook tables with their indexes, deliveries and attempts going with their subscription', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const indexes = await pool.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes
         WHERE schemaname = current_schema() AND (tablename LIKE 'webhook_%' OR tablename = 'journal_cursors')
         ORDER BY indexname`,
      );
      expect(indexes.rows.map((r) => r.indexname)).toEqual([
        'journal_cursors_pkey',
        'webhook_attempts_message',
        'webhook_attempts_pkey',
        'webhook_attempts_subscription',
        'webhook_deliveries_due',
        'webhook_deliveries_leased',
        'webhook_deliveries_message',
        'webhook_deliveries_pkey',
        'webhook_deliveries_subscription_id_message_id_key',
        'webhook_messages_created',
        'webhook_messages_pkey',
        'webhook_subscriptions_owner',
        'webhook_subscriptions_pkey',
      ]);
      const cascades = await pool.query<{ child: string; parent: string }>(
        `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
         WHERE contype = 'f' AND confdeltype = 'c' AND connamespace = current_schema()::regnamespace
         ORDER BY child, parent`,
      );
      expect(cascades.rows).toEqual([
        { child: 'passkeys', parent: 'users' },
        { child: 'posting_slots', parent: 'connected_accounts' },
        { child: 'recovery_codes', parent: 'users' },
        { child: 'review_link_decisions', parent: 'review_links' },
        { child: 'totp_secrets', parent: 'users' },
        { child: 'webhook_attempts', parent: 'webhook_subscriptions' },
        { child: 'webhook_deliveries', parent: 'webhook_subscriptions' },
        { child: 'workspace_invitations', parent: 'workspaces' },
        { child: 'workspace_members', parent: 'users' },
        { child: 'workspace_members', parent: 'workspaces' },
      ]);
    } finally {
      await pool.end();
    }
  });

  it('claims webhook deliveries through webhook_deliveries_due and counts leases through webhook_deliveries_leased', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const client = await pool.connect();
      try {
        // As for the other claims: the point is that the indexes can serve the claim at all.
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const now = new Date();
        const explain = async (sql: string, params: unknown[]) =>
          (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n');
        const lock = await explain(LOCK_CLAIMABLE_SUBSCRIPTIONS_SQL, [now, 10, 4]);
        expect(lock).toMatch(/LockRows/);
        expect(lock).toMatch(/Index (Only )?Scan using webhook_deliveries_due/);
        expect(lock).toMatch(/Index (Only )?Scan using webhook_deliveries_leased/);
        const claim = await explain(CLAIM_DELIVERIES_SQL, [['whk_1'], now, 4, 10, 'worker', now]);
        expect(claim).toMatch(/LockRows/);
        expect(claim).toMatch(/Index (Only )?Scan using webhook_deliveries_leased/);
        const attempts = await explain(LIST_ATTEMPTS_SQL, ['whk_1', 'user_1', '42', 11]);
        expect(attempts).toMatch(/Index Scan Backward using webhook_attempts_subscription/);
        expect(attempts).not.toMatch(/Sort/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('sweeps expiring tokens through the partial index connected_accounts_token_expiry, in order', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const column = await pool.query<{ data_type: string }>(
        `SELECT data_type FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = 'connected_accounts'
           AND column_name = 'token_expiry_warned_for'`,
      );
      expect(column.rows).toEqual([{ data_type: 'timestamp with time zone' }]);
      const client = await pool.connect();
      try {
        // As for the claims: the point is that the index can serve the sweep in order at all.
        await client.query('SET enable_seqscan = off');
        await client.query('SET enable_bitmapscan = off');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${TOKENS_EXPIRING_SQL}`, [
          'facebook',
          new Date(),
          100,
        ]);
        const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text).toMatch(/Index Scan using connected_accounts_token_expiry/);
        expect(text).not.toMatch(/Sort/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it('keeps a latest-figure column for every metric the service reads', async () => {
    const pool = await poolOn();
    try {
      await migratePostgres(pool);
      const columns = await pool.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = 'post_collections'`,
      );
      const types = new Map(columns.rows.map((r) => [r.column_name, r.data_type]));
      // A metric added to METRIC_NAMES needs its column in a new migration.
      for (const metric of METRIC_NAMES) expect([metric, types.get(metric)]).toEqual([metric, 'bigint']);
    } finally {
      await pool.end();
    }
  });

  it('0028 numbers the events in their old (tx, seq) order and moves every follower to the same place', async () => {
    const pool = await poolOn();
    const options = pool.options.options;
    try {
      await migratePostgres(
        pool,
        POSTGRES_MIGRATIONS.filter((m) => m.id < '0028'),
      );
      const append = (client: pg.Pool | pg.Client, subject: string) =>
        client.query(
          "INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ('post.scheduled', 'ann', $1, now(), '{}')",
          [subject],
        );
      // Transaction order differs from seq order: the first transaction takes its id, a second
      // one appends and commits, then the first appends (a higher seq, a lower tx).
      const early = new pg.Client({ connectionString: db.url(), options });
      await early.connect();
      try {
        await append(pool, 'e1');
        await early.query('BEGIN');
        await early.query('SELECT pg_current_xact_id()');
        await append(pool, 'e2');
        await append(early, 'e3');
        await early.query('COMMIT');
      } finally {
        await early.end();
      }
      await append(pool, 'e4');
      await append(pool, 'e5');
      const oldOrder = await pool.query<{ subject_id: string; cursor: string }>(
        "SELECT subject_id, tx::text || '.' || seq AS cursor FROM events ORDER BY tx, seq",
      );
      const subjects = oldOrder.rows.map((r) => r.subject_id);
      expect(subjects).toEqual(['e1', 'e3', 'e2', 'e4', 'e5']);
      const cursorAt = (subject: string) => oldOrder.rows.find((r) => r.subject_id === subject)?.cursor;
      // The analytics follower read up to e3, the webhook fan-out up to e2 (its lease held).
      await pool.query('INSERT INTO journal_cursors (name, position) VALUES ($1, $2)', [
        'analytics',
        cursorAt('e3'),
      ]);
      await pool.query(
        'INSERT INTO journal_consumers (consumer, position, lease_owner, lease_until) VALUES ($1, $2, $3, $4)',
        ['webhooks', cursorAt('e2'), 'worker-a', new Date('2030-01-01T00:00:00.000Z')],
      );
      await pool.query("INSERT INTO journal_cursors (name, position) VALUES ('fresh', '')");

      expect((await migratePostgres(pool)).applied).toEqual([
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
      const numbered = await pool.query<{ subject_id: string; position: string }>(
        'SELECT subject_id, position FROM events ORDER BY position',
      );
      expect(numbered.rows).toEqual(
        subjects.map((subject_id, i) => ({ subject_id, position: String(i + 1) })),
      );
      const cursors = await pool.query('SELECT * FROM journal_cursors ORDER BY name');
      expect(cursors.rows).toEqual([
        { name: 'analytics', position: '2', lease_owner: null, lease_until: null },
        { name: 'fresh', position: null, lease_owner: null, lease_until: null },
        {
          name: 'webhooks',
          position: '3',
          lease_owner: 'worker-a',
          lease_until: new Date('2030-01-01T00:00:00.000Z'),
        },
      ]);
      expect((await pool.query("SELECT to_regclass('journal_consumers') AS t")).rows[0]?.t).toBeNull();

      const store = await openPostgresStore({
        connectionString: db.url(),
        migrate: false,
        pool: { options },
      });
      try {
        const next = async (after: string | null) =>
          (await store.events.listEvents(after, 10)).map((e) => e.subjectId);
        // Each follower reads on with what it had not read yet, and a `tx.seq` still names its event.
        expect(await next('2')).toEqual(['e2', 'e4', 'e5']);
        expect(await next('3')).toEqual(['e4', 'e5']);
        expect(await next(cursorAt('e3') ?? null)).toEqual(['e2', 'e4', 'e5']);
        expect(await next(null)).toEqual(subjects);
        const lease = { consumer: 'webhooks', now: new Date('2029-01-01T00:00:00.000Z') };
        const until = new Date('2031-01-01T00:00:00.000Z');
        expect(
          await store.webhooks.leaseFanOut({ ...lease, leaseOwner: 'worker-b', leaseUntil: until }),
        ).toBeNull();
        expect(
          await store.webhooks.leaseFanOut({ ...lease, leaseOwner: 'worker-a', leaseUntil: until }),
        ).toEqual({ position: '3' });
        expect(await store.analytics.followJournal(10)).toBe(3);
        // New events number on from the clock, after the old ones.
        await append(pool, 'e6');
        expect(await next('5')).toEqual(['e6']);
        expect((await store.events.listEvents('5', 1))[0]?.position).toBe('6');
      } finally {
        await store.close();
      }
    } finally {
      await pool.end();
    }
  });
});

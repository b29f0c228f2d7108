import {
  type DomainEvent,
  fanOutWebhooks,
  type JournalEvent,
  type Post,
  postEvent,
  type Store,
  scheduledEvents,
  transition,
} from '@svc/core';
import { aPost, aWebhookSubscription, createFakeClock, createSequentialIds } from '@svc/core/testing';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { appendEvents } from '../src/postgres-journal.js';
import { createScratchDatabase, describePostgres } from '../src/testing/index.js';

const ADMIN_URL = process.env.SVC_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const OWNER = 'user_01JORDER0000000000000000';

await describePostgres('PostgreSQL event journal order', (db) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const done of cleanup.splice(0).reverse()) await done();
  });

  /** Every event after `after`, page by page, as a consumer keeping its position would read. */
  async function readOn(store: Store, after: string | null): Promise<JournalEvent[]> {
    const read: JournalEvent[] = [];
    let position = after;
    for (;;) {
      const page = await store.events.listEvents(position, 100);
      const last = page.at(-1);
      if (last === undefined) return read;
      read.push(...page);
      position = last.position;
    }
  }

  /** Runs `work(0)` … `work(count - 1)` on `lanes` concurrent writers, each one call after another. */
  async function inLanes(lanes: number, count: number, work: (i: number) => Promise<unknown>): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        while (next < count) {
          next += 1;
          await work(next - 1);
        }
      }),
    );
  }

  const insertOne = (store: Store, id: string) => {
    const post = aPost(OWNER, 'acct_1', { id });
    return store.posts.insertPosts({
      ownerId: OWNER,
      at: T0,
      posts: [post],
      idempotency: null,
      quota: { limit: 100_000, windowStart: T0 },
      events: scheduledEvents([post], T0),
    });
  };

  it('never lets a reader pass an event whose transaction commits after a later one', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    const slow = new pg.Client({ connectionString: db.url(), ...pool });
    await slow.connect();
    cleanup.push(() => slow.end());

    await insertOne(store, 'post_first');
    const before = await readOn(store, null);
    expect(before.map((e) => e.subjectId)).toEqual(['post_first']);
    const position = before.at(-1)?.position ?? null;

    // Changes that append first and commit last: the store's own append, and an INSERT naming no
    // position as a process of the previous release makes, in a transaction held open.
    const held: DomainEvent = postEvent('post.deleted', aPost(OWNER, 'acct_1', { id: 'post_first' }), T0);
    await slow.query('BEGIN');
    await appendEvents(slow as pg.PoolClient, [held]);
    await slow.query(
      "INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ('post.restored', $1, 'post_first', now(), '{}')",
      [OWNER],
    );
    // A later change commits first: readers get it at once, without waiting for the held one.
    await insertOne(store, 'post_later');
    const first = await readOn(store, position);
    expect(first.map((e) => `${e.type} ${e.subjectId}`)).toEqual(['post.scheduled post_later']);

    await slow.query('COMMIT');
    // The held events committed after post_later was read: they come after it, never behind it.
    const after = await readOn(store, first.at(-1)?.position ?? null);
    expect(after.map((e) => `${e.type} ${e.subjectId}`)).toEqual([
      'post.deleted post_first',
      'post.restored post_first',
    ]);
    expect((await readOn(store, null)).map((e) => e.position)).toEqual(['1', '2', '3', '4']);
  });

  it('gives every reader the same journal, each event once, while writers and readers race', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    const readers = [store];
    for (let i = 0; i < 2; i += 1) {
      const other = await openPostgresStore({ connectionString: db.url(), pool });
      cleanup.push(() => other.close());
      readers.push(other);
    }
    let writing = true;
    const seen = readers.map(() => [] as JournalEvent[]);
    const reading = readers.map(async (reader, r) => {
      let after: string | null = null;
      for (;;) {
        const done = !writing;
        const page = await reader.events.listEvents(after, 7);
        seen[r]?.push(...page);
        after = page.at(-1)?.position ?? after;
        if (done && page.length === 0) return;
      }
    });
    try {
      // Four writers, each its own transactions one after another.
      await inLanes(4, 120, (i) => insertOne(store, `post_race_${String(i).padStart(3, '0')}`));
    } finally {
      writing = false;
      await Promise.all(reading);
    }
    const journal = await readOn(store, null);
    expect(journal).toHaveLength(120);
    expect(new Set(journal.map((e) => e.subjectId)).size).toBe(120);
    for (const read of seen) expect(read.map((e) => e.position)).toEqual(journal.map((e) => e.position));
  });

  /**
   * 200 events appended by concurrent writers (100 new posts, 100 deletions, each its own
   * transaction), then every journal reader must have them: listEvents, the webhook fan-out
   * and the analytics follower, each in one round.
   */
  async function appendAndFollow(store: Store): Promise<void> {
    const ids = Array.from({ length: 100 }, (_, i) => `post_${String(i).padStart(3, '0')}`);
    await store.webhooks.createSubscription(aWebhookSubscription(OWNER, { createdAt: new Date(0) }));
    const posts: Post[] = [];
    await inLanes(8, ids.length, async (i) => {
      const outcome = await insertOne(store, ids[i] as string);
      if (outcome.kind === 'inserted') posts.push(...outcome.posts);
    });
    await inLanes(8, posts.length, async (i) => {
      const post = posts[i] as Post;
      const deleted = transition(post, { type: 'delete', at: T0 })._unsafeUnwrap();
      await store.posts.updatePost(deleted.post, post.version, deleted.events);
    });
    const read = await readOn(store, null);
    expect(read).toHaveLength(200);
    expect(read.map((e) => e.position)).toEqual(read.map((_, i) => String(i + 1)));
    const deps = {
      store,
      clock: createFakeClock(T0),
      ids: createSequentialIds(),
      mediaUrl: (id: string) => `https://media.example/${id}`,
    };
    expect((await fanOutWebhooks(deps, { leaseOwner: 'worker', leaseMs: 60_000, batch: 500 }))?.events).toBe(
      200,
    );
    expect(await store.analytics.followJournal(500)).toBe(200);
  }

  it('keeps every reader up while a transaction of another database on the server stays open', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    const neighbour = await createScratchDatabase(ADMIN_URL, 'neighbour');
    cleanup.push(() => neighbour.drop());
    const open = new pg.Client({ connectionString: neighbour.url });
    await open.connect();
    cleanup.push(() => open.end());
    await open.query('BEGIN');
    await open.query('CREATE TABLE busy (n int)');
    await open.query('INSERT INTO busy VALUES (1)');
    const xid = (await open.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x')).rows[0]?.x;
    // The premise: the neighbour's transaction is the server's horizon, which a reader bounded by
    // pg_snapshot_xmin would wait for.
    const horizon = await store.events.listEvents(null, 1).then(async () => {
      const probe = new pg.Client({ connectionString: db.url(), ...pool });
      await probe.connect();
      try {
        return (await probe.query<{ h: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h'))
          .rows[0]?.h;
      } finally {
        await probe.end();
      }
    });
    expect(BigInt(horizon ?? '0')).toBeLessThanOrEqual(BigInt(xid ?? '0'));

    await appendAndFollow(store);
    // Still open all along.
    expect((await open.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x')).rows[0]?.x).toBe(xid);
    await open.query('ROLLBACK');
  });

  it('keeps every reader up while a transaction holding an unrelated table of the database stays open', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    const open = new pg.Client({ connectionString: db.url(), ...pool });
    await open.connect();
    cleanup.push(() => open.end());
    await open.query('CREATE TABLE unrelated (n int)');
    await open.query('BEGIN');
    await open.query('INSERT INTO unrelated VALUES (1)');
    await open.query('LOCK TABLE unrelated IN ACCESS EXCLUSIVE MODE');
    await appendAndFollow(store);
    await open.query('COMMIT');
  });

  it('reads on from a position handed out before migration 0028 (tx.seq), as from the same event', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    for (const id of ['post_a', 'post_b', 'post_c']) await insertOne(store, id);
    const probe = new pg.Client({ connectionString: db.url(), ...pool });
    await probe.connect();
    cleanup.push(() => probe.end());
    const { rows } = await probe.query<{ legacy: string }>(
      "SELECT tx::text || '.' || seq AS legacy FROM events WHERE subject_id = 'post_a'",
    );
    const legacy = rows[0]?.legacy ?? '';
    expect(legacy).toMatch(/^\d+\.\d+$/);
    expect((await store.events.listEvents(legacy, 10)).map((e) => e.subjectId)).toEqual(['post_b', 'post_c']);
    await expect(store.events.listEvents('1.999999', 10)).rejects.toThrow(/Not a journal position/);
    await expect(store.events.listEvents('nope', 10)).rejects.toThrow(/Not a journal position/);
  });

  it('shows nothing of a transaction that rolls back, and goes on past it', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    const aborted = new pg.Client({ connectionString: db.url(), ...pool });
    await aborted.connect();
    cleanup.push(() => aborted.end());
    const post = aPost(OWNER, 'acct_1', { id: 'post_kept' });
    await aborted.query('BEGIN');
    await aborted.query(
      "INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ('post.deleted', $1, 'post_gone', now(), '{}')",
      [OWNER],
    );
    await aborted.query('ROLLBACK');
    await store.posts.insertPosts({
      ownerId: OWNER,
      at: T0,
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: T0 },
      events: scheduledEvents([post], T0),
    });
    expect((await readOn(store, null)).map((e) => e.subjectId)).toEqual(['post_kept']);
  });
});

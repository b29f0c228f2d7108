import { type DomainEvent, type JournalEvent, postEvent, type Store, scheduledEvents } from '@svc/core';
import { aPost } from '@svc/core/testing';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

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

  it('never lets a reader pass an event whose transaction commits after a later one', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    cleanup.push(() => store.close());
    const slow = new pg.Client({ connectionString: db.url(), ...pool });
    await slow.connect();
    cleanup.push(() => slow.end());

    const first = aPost(OWNER, 'acct_1', { id: 'post_first' });
    await store.posts.insertPosts({
      ownerId: OWNER,
      at: T0,
      posts: [first],
      idempotency: null,
      quota: { limit: 1000, windowStart: T0 },
      events: scheduledEvents([first], T0),
    });
    const before = await readOn(store, null);
    expect(before.map((e) => e.subjectId)).toEqual(['post_first']);
    const position = before.at(-1)?.position ?? null;

    // A change whose transaction takes its sequence value first and commits last.
    const held: DomainEvent = postEvent('post.deleted', first, T0);
    await slow.query('BEGIN');
    await slow.query(
      'INSERT INTO events (type, owner_id, subject_id, at, data) VALUES ($1, $2, $3, $4, $5)',
      [held.type, held.ownerId, held.subjectId, held.at, JSON.stringify(held.data)],
    );
    const later = aPost(OWNER, 'acct_2', { id: 'post_later' });
    await store.posts.insertPosts({
      ownerId: OWNER,
      at: T0,
      posts: [later],
      idempotency: null,
      quota: { limit: 1000, windowStart: T0 },
      events: scheduledEvents([later], T0),
    });
    // The later transaction has committed, but an older one is still open: its event would sort
    // first, so the reader is shown neither yet (a reader by seq alone would take post_later's
    // and never see the held one).
    expect(await readOn(store, position)).toEqual([]);

    await slow.query('COMMIT');
    const after = await readOn(store, position);
    expect(after.map((e) => `${e.type} ${e.subjectId}`)).toEqual([
      'post.deleted post_first',
      'post.scheduled post_later',
    ]);
    // The held event was numbered before the later one: the journal's order is commit order.
    expect((after[0] as JournalEvent).seq).toBeLessThan((after[1] as JournalEvent).seq);
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

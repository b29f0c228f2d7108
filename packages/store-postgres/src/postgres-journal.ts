import type {
  DomainEvent,
  DomainEventType,
  EventData,
  EventStore,
  JournalEvent,
  MentionedPost,
} from '@svc/core';
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from './with-transaction.js';

const COLUMNS = '(position, type, owner_id, subject_id, at, data)';

/**
 * The events of parameters `$first`… (see `eventParams`), in order, each with its position: the
 * n-th of `count` events gets the clock's new value − count + n (the clock moved by `count`).
 */
const NUMBERED = (first: number, clock: string) =>
  `SELECT ${clock}.position - cardinality($${first}::text[]) + e.n, e.type, e.owner_id, e.subject_id, e.at, e.data
FROM ${clock}, unnest($${first}::text[], $${first + 1}::text[], $${first + 2}::text[], $${first + 3}::timestamptz[], $${first + 4}::jsonb[])
  WITH ORDINALITY AS e(type, owner_id, subject_id, at, data, n)`;

/**
 * Takes the next positions for the events of parameters `$first`…: the clock's row lock is held
 * until the transaction ends, so whoever takes positions next waits for this commit (or rollback)
 * and numbers after it. Positions are therefore handed out in commit order, and a position below
 * a committed one never appears later. `condition` (a WHERE) lets a statement take none.
 */
const TAKE_POSITIONS = (first: number, condition = '') =>
  `UPDATE journal_clock SET position = position + cardinality($${first}::text[])${condition} RETURNING position`;

/** The five array parameters that carry events into `UNNEST`, in column order. */
export function eventParams(events: readonly DomainEvent[]): unknown[] {
  return [
    events.map((e) => e.type),
    events.map((e) => e.ownerId),
    events.map((e) => e.subjectId),
    events.map((e) => e.at),
    events.map((e) => JSON.stringify(e.data)),
  ];
}

/**
 * Wraps a statement that changes one row and ends in `RETURNING *` so it appends events too, in
 * the same statement (hence atomically, without a transaction round trip), only when the row was
 * changed. The events' parameters start at `$first`: pass `eventParams` after the statement's.
 * The clock is taken after the row (its WHERE reads `changed`, which the main SELECT has run by
 * then): a statement waiting for the row never holds the clock meanwhile, and one that changed
 * nothing never takes it.
 */
export function withEvents(statement: string, first: number): string {
  return `WITH changed AS (${statement}),
clock AS (${TAKE_POSITIONS(first, ' WHERE EXISTS (SELECT 1 FROM changed)')}),
appended AS (INSERT INTO events ${COLUMNS} ${NUMBERED(first, 'clock')})
SELECT * FROM changed`;
}

const APPEND_SQL = `WITH clock AS (${TAKE_POSITIONS(1)})
INSERT INTO events ${COLUMNS} ${NUMBERED(1, 'clock')}`;

/**
 * Appends events inside a transaction the caller holds. Call it last, right before the commit:
 * from here to the end of the transaction every other appender waits (see TAKE_POSITIONS).
 */
export async function appendEvents(client: PoolClient, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await client.query(APPEND_SQL, eventParams(events));
}

/** Where a transaction's writes leave their events, to be appended as its last statement. */
export type PendingEvents = {
  add(events: readonly DomainEvent[]): void;
};

/**
 * Runs `work` in a transaction whose events, collected in `pending`, are appended in one statement
 * after it, right before the commit: the clock is held for the commit only, never while the
 * transaction's other statements wait for rows or locks (which could also deadlock with a writer
 * holding such a row while it waits for the clock).
 */
export function withEventsLast<T>(
  pool: Pool,
  work: (client: PoolClient, pending: PendingEvents) => Promise<T>,
): Promise<T> {
  return withTransaction(pool, async (client) => {
    const events: DomainEvent[] = [];
    const result = await work(client, { add: (added) => void events.push(...added) });
    await appendEvents(client, events);
    return result;
  });
}

/**
 * Events after a position, in position order. Positions are handed out in commit order (see
 * TAKE_POSITIONS), so every committed event is readable at once and none can appear behind one
 * already read: no horizon, and no wait on any other transaction of this database or another.
 */
const LIST_EVENTS_SQL = `SELECT seq, position, type, owner_id, subject_id, at, data FROM events
WHERE position > $1
ORDER BY position
LIMIT $2`;

/**
 * The position of a `tx.seq` handed out before migration 0028: the event it named (seq is its
 * key), which the migration numbered in that same (tx, seq) order. None: not a position of ours.
 */
const LEGACY_POSITION_SQL = 'SELECT position FROM events WHERE seq = $1 AND tx = $2::xid8';

/** One subject's committed events, in the order they were numbered (served by `events_subject`). */
const HISTORY_SQL = `SELECT seq, position, type, owner_id, subject_id, at, data FROM events
WHERE subject_id = $1 AND owner_id = $2
ORDER BY seq
LIMIT $3`;

/**
 * An owner's last committed events, newest first (served by `events_owner`, walked backwards).
 * No transaction horizon: a display list may show an event of a transaction that committed late
 * below a newer one, which a resuming reader could not afford.
 */
export const RECENT_EVENTS_SQL = `SELECT seq, position, type, owner_id, subject_id, at, data FROM events
WHERE owner_id = $1
ORDER BY seq DESC
LIMIT $2`;

/** The owner's posts among the ids, each found by its primary key. */
export const POSTS_MENTIONED_SQL = `SELECT id, caption, deleted_at FROM posts
WHERE id = ANY($1::text[]) AND owner_id = $2`;

type EventRow = {
  seq: string;
  position: string;
  type: string;
  owner_id: string;
  subject_id: string;
  at: Date;
  data: EventData;
};

/**
 * Up to `limit` events after `after` (null: from the start), through the pool or through a
 * transaction's client, so that a follower can read and move its cursor in one transaction.
 */
export async function listEventsAfter(
  db: Pool | PoolClient,
  after: string | null,
  limit: number,
): Promise<JournalEvent[]> {
  const from = after === null ? '0' : await positionOf(db, after);
  const result = await db.query<EventRow>(LIST_EVENTS_SQL, [from, Math.max(0, Math.floor(limit))]);
  return result.rows.map(rowToEvent);
}

/** The EventStore of a PostgreSQL database. */
export function createPostgresEventStore(pool: Pool): EventStore {
  return {
    listEvents: (after, limit) => listEventsAfter(pool, after, limit),
    async historyOf(ownerId, subjectId, limit) {
      const result = await pool.query<EventRow>(HISTORY_SQL, [
        subjectId,
        ownerId,
        Math.max(0, Math.floor(limit)),
      ]);
      return result.rows.map(rowToEvent);
    },
    async recentEventsOf(ownerId, limit) {
      const result = await pool.query<EventRow>(RECENT_EVENTS_SQL, [ownerId, Math.max(0, Math.floor(limit))]);
      return result.rows.map(rowToEvent);
    },
    async postsMentioned(ownerId, postIds) {
      if (postIds.length === 0) return [];
      const result = await pool.query<{ id: string; caption: string; deleted_at: Date | null }>(
        POSTS_MENTIONED_SQL,
        [[...new Set(postIds)], ownerId],
      );
      return result.rows.map(
        (row): MentionedPost => ({ id: row.id, caption: row.caption, deletedAt: row.deleted_at }),
      );
    },
  };
}

/**
 * The position `after` names, as a decimal string: what rowToEvent hands out (the event's
 * position), or a `<tx>.<seq>` handed out before migration 0028, which names the same place.
 */
async function positionOf(db: Pool | PoolClient, after: string): Promise<string> {
  if (/^\d{1,19}$/.test(after)) return after;
  const legacy = /^(\d{1,20})\.(\d{1,19})$/.exec(after);
  if (legacy !== null) {
    const found = await db.query<{ position: string }>(LEGACY_POSITION_SQL, [legacy[2], legacy[1]]);
    const position = found.rows[0]?.position;
    if (position !== undefined) return position;
  }
  throw new Error(`Not a journal position: ${after}`);
}

function rowToEvent(row: EventRow): JournalEvent {
  return {
    type: row.type as DomainEventType,
    at: row.at,
    ownerId: row.owner_id,
    subjectId: row.subject_id,
    data: row.data,
    seq: Number(row.seq),
    position: row.position,
  };
}

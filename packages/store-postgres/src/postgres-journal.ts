import type {
  DomainEvent,
  DomainEventType,
  EventData,
  EventStore,
  JournalEvent,
  MentionedPost,
} from '@svc/core';
import { type EventActorRow, eventActorColumns, eventActorOfRow } from '@svc/store-sql';
import type { Pool, PoolClient } from 'pg';
import { limitParam } from './pg-values.js';
import { withTransaction } from './with-transaction.js';

const COLUMNS = '(type, owner_id, subject_id, at, data, actor_kind, actor_id, actor_label)';
const UNNEST = (first: number) =>
  `unnest($${first}::text[], $${first + 1}::text[], $${first + 2}::text[], $${first + 3}::timestamptz[], $${first + 4}::jsonb[], $${first + 5}::text[], $${first + 6}::text[], $${first + 7}::text[])`;

/** The eight array parameters that carry events into `UNNEST`, in column order. */
export function eventParams(events: readonly DomainEvent[]): unknown[] {
  const actors = events.map(eventActorColumns);
  return [
    events.map((e) => e.type),
    events.map((e) => e.ownerId),
    events.map((e) => e.subjectId),
    events.map((e) => e.at),
    events.map((e) => JSON.stringify(e.data)),
    actors.map((a) => a.actor_kind),
    actors.map((a) => a.actor_id),
    actors.map((a) => a.actor_label),
  ];
}

/**
 * Wraps a statement that changes one row and ends in `RETURNING *` so it appends events too, in
 * the same statement (hence atomically, without a transaction round trip), only when the row was
 * changed. The events' parameters start at `$first`: pass `eventParams` after the statement's.
 * Events are appended without a position: `numberEvents` gives them one once they are committed.
 */
export function withEvents(statement: string, first: number): string {
  return `WITH changed AS (${statement}),
appended AS (INSERT INTO events ${COLUMNS} SELECT * FROM ${UNNEST(first)} WHERE EXISTS (SELECT 1 FROM changed))
SELECT * FROM changed`;
}

/** Appends events inside a transaction the caller holds (without a position, see `numberEvents`). */
export async function appendEvents(client: PoolClient, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await client.query(`INSERT INTO events ${COLUMNS} SELECT * FROM ${UNNEST(1)}`, eventParams(events));
}

/** How many committed events one numbering transaction numbers at most. */
const NUMBERING_BATCH = 10_000;

/** Whether a committed event waits for its position (through the partial index `events_unnumbered`). */
const ANY_UNNUMBERED_SQL = 'SELECT EXISTS (SELECT 1 FROM events WHERE position IS NULL) AS waiting';

/** Locks the clock: numberers take turns, each numbering after the previous one's commit. */
const LOCK_CLOCK_SQL = 'SELECT position FROM journal_clock FOR UPDATE';

/**
 * LOCK_CLOCK_SQL when a committed event waits for its position (ANY_UNNUMBERED_SQL's question, in
 * the same statement); no row, and no lock, when none does.
 */
const LOCK_CLOCK_IF_WAITING_SQL = `SELECT position FROM journal_clock
WHERE EXISTS (SELECT 1 FROM events WHERE position IS NULL)
FOR UPDATE`;

/**
 * Numbers up to $2 committed events without a position, in `seq` order, from clock value $1 on,
 * and moves the clock past them. Run after LOCK_CLOCK_SQL, as its own statement: its snapshot is
 * taken once the lock is held, so it sees every event committed until then, and the numbering of
 * whoever held the clock before.
 */
const NUMBER_SQL = `WITH batch AS (
  SELECT seq, $1::bigint + row_number() OVER (ORDER BY seq) AS position
  FROM (SELECT seq FROM events WHERE position IS NULL ORDER BY seq LIMIT $2) AS unnumbered
), numbered AS (
  UPDATE events SET position = batch.position FROM batch WHERE events.seq = batch.seq RETURNING batch.position
)
UPDATE journal_clock SET position = (SELECT COALESCE(max(position), $1::bigint) FROM numbered)`;

/**
 * Gives committed events their journal positions, after every position handed out so far. An
 * event is appended without one, in its change's transaction, and numbered here only once that
 * has committed: a transaction that commits late gets positions after those already read, so a
 * reader going by position never skips it, and no reader or writer waits for any transaction
 * still running (of this database or another). Numbering transactions take turns on the clock's
 * row and commit at once, so a position never appears below one already visible. Callers of one
 * pool share numberings: whoever calls while one runs waits for the next, which all of them share.
 */
export function numberEvents(pool: Pool): Promise<void> {
  let turns = numberings.get(pool);
  if (turns === undefined) {
    turns = { running: null, next: null };
    numberings.set(pool, turns);
  }
  const state = turns;
  // A numbering not yet begun sees everything committed before this call: join it.
  if (state.next !== null) return state.next;
  if (state.running === null) return numberNow(pool, state);
  // The running one may have looked before this caller's events committed: one more after it
  // serves every caller that comes meanwhile, so the followers of a process number once a turn.
  const next = state.running
    .then(
      () => {},
      () => {},
    )
    .then(() => {
      state.next = null;
      return numberNow(pool, state);
    });
  state.next = next;
  return next;
}

/** A pool's numbering in progress, and the one queued behind it. */
type NumberingTurns = { running: Promise<void> | null; next: Promise<void> | null };

const numberings = new WeakMap<Pool, NumberingTurns>();

function numberNow(pool: Pool, turns: NumberingTurns): Promise<void> {
  const running = numberUnnumbered(pool).finally(() => {
    if (turns.running === running) turns.running = null;
  });
  turns.running = running;
  return running;
}

async function numberUnnumbered(pool: Pool): Promise<void> {
  const waiting = await pool.query<{ waiting: boolean }>(ANY_UNNUMBERED_SQL);
  if (waiting.rows[0]?.waiting !== true) return;
  await withTransaction(pool, async (client) => {
    const clock = await client.query<{ position: string }>(LOCK_CLOCK_SQL);
    await client.query(NUMBER_SQL, [clock.rows[0]?.position ?? '0', NUMBERING_BATCH]);
  });
}

/** What a reader reads of an event row. */
const EVENT_COLUMNS =
  'seq, position, type, owner_id, subject_id, at, data, actor_kind, actor_id, actor_label';

/**
 * Numbered events after a position, in position order. Positions are given after commit and in
 * turns (see `numberEvents`), so none can appear behind one already read.
 */
const LIST_EVENTS_SQL = `SELECT ${EVENT_COLUMNS} FROM events
WHERE position > $1
ORDER BY position
LIMIT $2`;

/**
 * The position of a `tx.seq` handed out before migration 0028: the event it named (seq is its
 * key), which the migration numbered in that same (tx, seq) order. None: not a position of ours.
 */
const LEGACY_POSITION_SQL = 'SELECT position FROM events WHERE seq = $1 AND tx = $2::xid8';

/**
 * One subject's numbered events, in `seq` order (served by `events_subject`). Only numbered ones:
 * each is listed with its position, and what committed since the numbering is a moment away.
 */
const HISTORY_SQL = `SELECT ${EVENT_COLUMNS} FROM events
WHERE subject_id = $1 AND owner_id = $2 AND position IS NOT NULL
ORDER BY seq
LIMIT $3`;

/**
 * An owner's last numbered events, newest first by `seq` (served by `events_owner`, walked
 * backwards): a display list may show an event of a transaction that committed late below a newer
 * one, which a resuming reader (by position) could not afford.
 */
export const RECENT_EVENTS_SQL = `SELECT ${EVENT_COLUMNS} FROM events
WHERE owner_id = $1 AND position IS NOT NULL
ORDER BY seq DESC
LIMIT $2`;

/** The owner's posts among the ids, each found by its primary key. */
export const POSTS_MENTIONED_SQL = `SELECT id, caption, deleted_at FROM posts
WHERE id = ANY($1::text[]) AND owner_id = $2`;

type EventRow = EventActorRow & {
  seq: string;
  position: string;
  type: string;
  owner_id: string;
  subject_id: string;
  at: Date;
  data: EventData;
};

/**
 * Up to `limit` numbered events after `after` (null: from the start), through the pool or through
 * a transaction's client, so that a follower can read and move its cursor in one transaction; call
 * `numberEvents` first to include what committed since the last numbering.
 */
export async function listEventsAfter(
  db: Pool | PoolClient,
  after: string | null,
  limit: number,
): Promise<JournalEvent[]> {
  const from = after === null ? '0' : await positionOf(db, after);
  const result = await db.query<EventRow>(LIST_EVENTS_SQL, [from, limitParam(limit)]);
  return result.rows.map(rowToEvent);
}

/**
 * `numberEvents` and `listEventsAfter` in one transaction: the journal's busiest reader (the
 * webhook fan-out, a round per few commits) pays one transaction a read, not three (the question,
 * the numbering, the read). Read after its own numbering, under the clock's lock, it sees every
 * position up to the clock: those it gave and those of every numbering committed before it took
 * the lock. What it read is answered only once the transaction has committed, so no reader acts on
 * positions that a failed commit would take back.
 */
async function numberAndList(pool: Pool, after: string | null, limit: number): Promise<JournalEvent[]> {
  return withTransaction(pool, async (client) => {
    await numberInTransaction(client);
    return listEventsAfter(client, after, limit);
  });
}

/**
 * Numbers what waits (as `numberEvents` does) inside the caller's transaction, which then holds
 * the clock until it ends: its reads after this see every position up to the clock, and it must
 * act on them only once it has committed (a rollback takes the positions back).
 */
export async function numberInTransaction(client: PoolClient): Promise<void> {
  const clock = await client.query<{ position: string }>(LOCK_CLOCK_IF_WAITING_SQL);
  const position = clock.rows[0]?.position;
  if (position !== undefined) await client.query(NUMBER_SQL, [position, NUMBERING_BATCH]);
}

/** The EventStore of a PostgreSQL database. */
export function createPostgresEventStore(pool: Pool): EventStore {
  return {
    listEvents: (after, limit) => numberAndList(pool, after, limit),
    async historyOf(ownerId, subjectId, limit) {
      await numberEvents(pool);
      const result = await pool.query<EventRow>(HISTORY_SQL, [subjectId, ownerId, limitParam(limit)]);
      return result.rows.map(rowToEvent);
    },
    async recentEventsOf(ownerId, limit) {
      await numberEvents(pool);
      const result = await pool.query<EventRow>(RECENT_EVENTS_SQL, [ownerId, limitParam(limit)]);
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
    actor: eventActorOfRow(row),
    seq: Number(row.seq),
    position: row.position,
  };
}

import type {
  DomainEvent,
  DomainEventType,
  EventData,
  EventStore,
  JournalEvent,
  MentionedPost,
} from '@svc/core';
import type { Pool, PoolClient } from 'pg';

const COLUMNS = '(type, owner_id, subject_id, at, data)';
const UNNEST = (first: number) =>
  `unnest($${first}::text[], $${first + 1}::text[], $${first + 2}::text[], $${first + 3}::timestamptz[], $${first + 4}::jsonb[])`;

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
 */
export function withEvents(statement: string, first: number): string {
  return `WITH changed AS (${statement}),
appended AS (INSERT INTO events ${COLUMNS} SELECT * FROM ${UNNEST(first)} WHERE EXISTS (SELECT 1 FROM changed))
SELECT * FROM changed`;
}

/** Appends events inside a transaction the caller holds. */
export async function appendEvents(client: PoolClient, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await client.query(`INSERT INTO events ${COLUMNS} SELECT * FROM ${UNNEST(1)}`, eventParams(events));
}

/**
 * Events after a position, in (tx, seq) order, and only those of transactions older than every
 * transaction still running: such a transaction's events would sort before events already read,
 * so they are held back until it ends. A reader never skips one; it may wait for a long one.
 */
const LIST_EVENTS_SQL = `SELECT seq, tx::text AS tx, type, owner_id, subject_id, at, data FROM events
WHERE tx < pg_snapshot_xmin(pg_current_snapshot()) AND (tx, seq) > ($1::xid8, $2::bigint)
ORDER BY tx, seq
LIMIT $3`;

/** One subject's committed events, in the order they were numbered (served by `events_subject`). */
const HISTORY_SQL = `SELECT seq, tx::text AS tx, type, owner_id, subject_id, at, data FROM events
WHERE subject_id = $1 AND owner_id = $2
ORDER BY seq
LIMIT $3`;

/**
 * An owner's last committed events, newest first (served by `events_owner`, walked backwards).
 * No transaction horizon: a display list may show an event of a transaction that committed late
 * below a newer one, which a resuming reader could not afford.
 */
export const RECENT_EVENTS_SQL = `SELECT seq, tx::text AS tx, type, owner_id, subject_id, at, data FROM events
WHERE owner_id = $1
ORDER BY seq DESC
LIMIT $2`;

/** The owner's posts among the ids, each found by its primary key. */
export const POSTS_MENTIONED_SQL = `SELECT id, caption, deleted_at FROM posts
WHERE id = ANY($1::text[]) AND owner_id = $2`;

type EventRow = {
  seq: string;
  tx: string;
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
  const [tx, seq] = after === null ? ['0', '0'] : parsePosition(after);
  const result = await db.query<EventRow>(LIST_EVENTS_SQL, [tx, seq, Math.max(0, Math.floor(limit))]);
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

// A position is `<tx>.<seq>`, both decimal: what rowToEvent hands out.
function parsePosition(position: string): [string, string] {
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(position);
  if (match === null) throw new Error(`Not a journal position: ${position}`);
  return [match[1] as string, match[2] as string];
}

function rowToEvent(row: EventRow): JournalEvent {
  return {
    type: row.type as DomainEventType,
    at: row.at,
    ownerId: row.owner_id,
    subjectId: row.subject_id,
    data: row.data,
    seq: Number(row.seq),
    position: `${row.tx}.${row.seq}`,
  };
}

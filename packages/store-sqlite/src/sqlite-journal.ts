import type { DomainEvent, DomainEventType, EventData, EventStore, JournalEvent } from '@svc/core';
import { type EventActorRow, eventActorColumns, eventActorOfRow } from '@svc/store-sql';
import type Database from 'better-sqlite3';
import { dateFromSql, dateToSql, jsonFromSql, jsonToSql, nullableDateFromSql } from './sql-values.js';

/** An owner's last events, newest first: walks `events_owner` backwards, without sorting. */
export const RECENT_EVENTS_SQL = 'SELECT * FROM events WHERE owner_id = ? ORDER BY seq DESC LIMIT ?';

/** The owner's posts among a JSON array of ids, each found by its primary key. */
export const POSTS_MENTIONED_SQL = `SELECT id, caption, deleted_at FROM posts
WHERE id IN (SELECT value FROM json_each(?)) AND owner_id = ?`;

type EventRow = EventActorRow & {
  seq: number;
  type: string;
  owner_id: string;
  subject_id: string;
  at: number;
  data: string;
};

/** The journal of a SQLite database: `append` for the stores' transactions, and the EventStore. */
export type SqliteJournal = {
  /** Appends events; call it inside the transaction of the change they record. */
  append(events: readonly DomainEvent[]): void;
  /** Up to `limit` events after `position` (null: from the start); call it inside a transaction. */
  after(position: string | null, limit: number): JournalEvent[];
  readonly store: EventStore;
};

/** Creates the journal of a database. Statements are prepared once, here. */
export function createSqliteJournal(db: Database.Database): SqliteJournal {
  const insert = db.prepare<[Omit<EventRow, 'seq'>]>(
    `INSERT INTO events (type, owner_id, subject_id, at, data, actor_kind, actor_id, actor_label)
VALUES (@type, @owner_id, @subject_id, @at, @data, @actor_kind, @actor_id, @actor_label)`,
  );
  // One writer at a time: a committed row's seq is final, and nothing can commit before it.
  const select = db.prepare<[number, number], EventRow>(
    'SELECT * FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const history = db.prepare<[string, string, number], EventRow>(
    'SELECT * FROM events WHERE subject_id = ? AND owner_id = ? ORDER BY seq LIMIT ?',
  );
  const recent = db.prepare<[string, number], EventRow>(RECENT_EVENTS_SQL);
  const mentioned = db.prepare<[string, string], { id: string; caption: string; deleted_at: number | null }>(
    POSTS_MENTIONED_SQL,
  );
  const after = (position: string | null, limit: number): JournalEvent[] => {
    const from = position === null ? 0 : Number(position);
    if (!Number.isSafeInteger(from) || from < 0) throw new Error(`Not a journal position: ${position}`);
    return select.all(from, Math.max(0, Math.floor(limit))).map(rowToEvent);
  };
  return {
    append(events) {
      for (const event of events) {
        insert.run({
          type: event.type,
          owner_id: event.ownerId,
          subject_id: event.subjectId,
          at: dateToSql(event.at),
          data: jsonToSql(event.data),
          ...eventActorColumns(event),
        });
      }
    },
    after,
    store: {
      async historyOf(ownerId, subjectId, limit) {
        return history.all(subjectId, ownerId, Math.max(0, Math.floor(limit))).map(rowToEvent);
      },
      async recentEventsOf(ownerId, limit) {
        return recent.all(ownerId, Math.max(0, Math.floor(limit))).map(rowToEvent);
      },
      async postsMentioned(ownerId, postIds) {
        if (postIds.length === 0) return [];
        return mentioned.all(jsonToSql([...new Set(postIds)]), ownerId).map((row) => ({
          id: row.id,
          caption: row.caption,
          deletedAt: nullableDateFromSql(row.deleted_at),
        }));
      },
      async listEvents(position, limit) {
        return after(position, limit);
      },
    },
  };
}

function rowToEvent(row: EventRow): JournalEvent {
  return {
    type: row.type as DomainEventType,
    at: dateFromSql(row.at),
    ownerId: row.owner_id,
    subjectId: row.subject_id,
    data: jsonFromSql<EventData>(row.data),
    actor: eventActorOfRow(row),
    seq: row.seq,
    position: String(row.seq),
  };
}

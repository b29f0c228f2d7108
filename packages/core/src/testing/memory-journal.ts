import { type DomainEvent, type EventStore, type JournalEvent, recordedActor } from '../journal/index.js';
import type { Post } from '../posts/index.js';

/** The memory store's journal: the EventStore, and `append` for its own atomic operations. */
export type MemoryJournal = {
  readonly store: EventStore;
  /** Appends events in order; called inside the operation that made the change. */
  append(events: readonly DomainEvent[]): void;
  /** Up to `limit` events after sequence number `after`, read within an operation. */
  after(after: number, limit: number): readonly JournalEvent[];
};

/**
 * An in-memory journal. Every operation of the memory store runs without awaiting in between, so
 * an operation's events are appended with its change and no reader sees one without the other;
 * positions are the sequence numbers, in commit order. `post` reads the memory store's posts, for
 * `postsMentioned`.
 */
export function createMemoryJournal(
  live: () => void,
  post: (id: string) => Post | undefined = () => undefined,
): MemoryJournal {
  const events: JournalEvent[] = [];
  return {
    append(added) {
      for (const event of added) {
        const seq = events.length + 1;
        events.push({ ...structuredClone(event), actor: recordedActor(event), seq, position: String(seq) });
      }
    },
    after: (after, limit) =>
      events.slice(after, after + Math.max(0, Math.floor(limit))).map((e) => structuredClone(e)),
    store: {
      async historyOf(ownerId, subjectId, limit) {
        live();
        return events
          .filter((e) => e.ownerId === ownerId && e.subjectId === subjectId)
          .slice(0, Math.max(0, Math.floor(limit)))
          .map((e) => structuredClone(e));
      },
      async recentEventsOf(ownerId, limit) {
        live();
        const owned = events.filter((e) => e.ownerId === ownerId);
        const count = Math.max(0, Math.floor(limit));
        return owned
          .slice(Math.max(0, owned.length - count))
          .reverse()
          .map((e) => structuredClone(e));
      },
      async postsMentioned(ownerId, postIds) {
        live();
        return [...new Set(postIds)].flatMap((id) => {
          const found = post(id);
          return found === undefined || found.ownerId !== ownerId
            ? []
            : [structuredClone({ id: found.id, caption: found.caption, deletedAt: found.deletedAt })];
        });
      },
      async listEvents(after, limit) {
        live();
        const from = after === null ? 0 : Number(after);
        if (!Number.isSafeInteger(from) || from < 0) throw new Error(`Not a journal position: ${after}`);
        return events.slice(from, from + Math.max(0, Math.floor(limit))).map((e) => structuredClone(e));
      },
    },
  };
}

import type { DomainEvent, JournalEvent } from '../domain/domain-event.js';
import type { EventStore } from '../ports/event-store.js';

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
 * positions are the sequence numbers, in commit order.
 */
export function createMemoryJournal(live: () => void): MemoryJournal {
  const events: JournalEvent[] = [];
  return {
    append(added) {
      for (const event of added) {
        const seq = events.length + 1;
        events.push({ ...structuredClone(event), seq, position: String(seq) });
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
      async listEvents(after, limit) {
        live();
        const from = after === null ? 0 : Number(after);
        if (!Number.isSafeInteger(from) || from < 0) throw new Error(`Not a journal position: ${after}`);
        return events.slice(from, from + Math.max(0, Math.floor(limit))).map((e) => structuredClone(e));
      },
    },
  };
}

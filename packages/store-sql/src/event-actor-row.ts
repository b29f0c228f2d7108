import { type DomainEvent, type EventActor, isEventActorKind, recordedActor } from '@svc/core';

/**
 * Migration `0038_journal_actor`, the same statement on both dialects: three nullable columns, so
 * no row is rewritten (on PostgreSQL the table is not either) and older events read as actor null.
 */
export const JOURNAL_ACTOR_MIGRATION_SQL = `ALTER TABLE events ADD COLUMN actor_kind TEXT;
ALTER TABLE events ADD COLUMN actor_id TEXT;
ALTER TABLE events ADD COLUMN actor_label TEXT;`;

/** The actor columns of an `events` row (migration 0038), as both dialects read them. */
export type EventActorRow = {
  readonly actor_kind: string | null;
  readonly actor_id: string | null;
  readonly actor_label: string | null;
};

/** The actor columns an event is appended with: the one it names, else the service's own. */
export function eventActorColumns(event: DomainEvent): {
  actor_kind: string;
  actor_id: string;
  actor_label: string;
} {
  const actor = recordedActor(event);
  return { actor_kind: actor.kind, actor_id: actor.id, actor_label: actor.label };
}

/**
 * The actor of a stored event; null for a row appended before the journal kept actors (or by a
 * process of the release before, during a rollout): "unknown, before audit".
 */
export function eventActorOfRow(row: EventActorRow): EventActor | null {
  if (row.actor_kind === null || !isEventActorKind(row.actor_kind)) return null;
  return { kind: row.actor_kind, id: row.actor_id ?? '', label: row.actor_label ?? '' };
}

// @svc/core/journal — The event journal: what a state change records, and the port that appends and reads it in order.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventType,
  EVENT_ACTOR_KINDS,
  type EventActor,
  type EventActorKind,
  type EventData,
  type JournalEvent,
} from './domain-event.js';
export {
  actedBy,
  isEventActorKind,
  OPERATOR_ACTOR,
  recordedActor,
  SYSTEM_ACTOR,
} from './event-actor.js';
export type { EventStore, MentionedPost } from './ports/event-store.js';

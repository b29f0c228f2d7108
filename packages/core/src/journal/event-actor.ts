import type { DomainEvent, EventActor, EventActorKind } from './domain-event.js';
import { EVENT_ACTOR_KINDS } from './domain-event.js';

/** The service acting on its own: publishing, collecting, sweeping. */
export const SYSTEM_ACTOR: EventActor = { kind: 'system', id: 'system', label: 'the service' };

/** The server operator, through the `svc` CLI. */
export const OPERATOR_ACTOR: EventActor = { kind: 'operator', id: 'operator', label: 'the operator' };

/**
 * The events of one change, each stamped with who caused it. An event that already names its
 * actor keeps it (a review link's decision inside an approval the service applies).
 */
export function actedBy(actor: EventActor, events: readonly DomainEvent[]): DomainEvent[] {
  return events.map((event) => (event.actor === undefined ? { ...event, actor } : event));
}

/**
 * The actor a store records for an event: the one the use case stamped, else the service's own.
 * Every path a person takes stamps its events (`actedBy` with `eventActorOf`); what is left are
 * the publisher's, the collectors' and the sweeps' changes, which nobody asked for at that moment.
 */
export function recordedActor(event: DomainEvent): EventActor {
  return event.actor ?? SYSTEM_ACTOR;
}

/** Whether a stored value is an actor kind (a row written by this release or a later one). */
export function isEventActorKind(value: string): value is EventActorKind {
  return (EVENT_ACTOR_KINDS as readonly string[]).includes(value);
}

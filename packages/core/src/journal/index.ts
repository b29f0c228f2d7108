export {
  accountEvent,
  DOMAIN_EVENT_TYPES,
  type DomainEvent,
  type DomainEventType,
  type EventData,
  type JournalEvent,
  mediaDeletedEvent,
  mediaReadyEvent,
  postEvent,
} from './domain-event.js';
export type { EventStore, MentionedPost } from './ports/event-store.js';

import { type Actor, eventsBy } from '../../identity/index.js';
import type { PostWrite } from '../ports/post-store.js';

/** Posts written together by an actor: every event of every write names them (docs/events.md). */
export function writesBy(actor: Actor, writes: readonly PostWrite[]): PostWrite[] {
  return writes.map((write) => ({ ...write, events: eventsBy(actor, write.events) }));
}

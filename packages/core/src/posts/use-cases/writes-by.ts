import { type Actor, eventsBy } from '../../identity/index.js';
import type { PostStore, PostWrite } from '../ports/post-store.js';
import type { Post } from '../post.js';
import type { PostChange } from '../post-state-machine.js';

/** Posts written together by an actor: every event of every write names them (docs/events.md). */
export function writesBy(actor: Actor, writes: readonly PostWrite[]): PostWrite[] {
  return writes.map((write) => ({ ...write, events: eventsBy(actor, write.events) }));
}

/**
 * An actor's change of one post, written as a compare-and-set on the version it was read at, its
 * events naming the actor: the stored post, or null when someone else changed it first.
 */
export function writeChangeBy(
  posts: Pick<PostStore, 'updatePost'>,
  actor: Actor,
  read: Post,
  change: PostChange,
): Promise<Post | null> {
  return posts.updatePost(change.post, read.version, eventsBy(actor, change.events));
}

import type { DomainEvent } from '../journal/index.js';
import type { Post } from './post.js';
import { postEvent } from './post-events.js';

/**
 * `post.recycled` for each recycled copy among `posts` (docs/queue.md): the copy is the subject,
 * the data names the original, the copy's number and the slot it took.
 */
export function recycledEvents(posts: readonly Post[], at: Date): DomainEvent[] {
  return posts.flatMap((p) =>
    p.recycledFrom === null
      ? []
      : [
          postEvent('post.recycled', p, at, {
            recycledFrom: p.recycledFrom,
            recycleNumber: p.recycleNumber,
            scheduledTime: p.scheduledTime?.toISOString() ?? null,
          }),
        ],
  );
}

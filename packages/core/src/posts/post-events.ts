import type { DomainEvent, DomainEventType } from '../journal/index.js';
import type { Post } from './post.js';

/** An event about a post, with its target and public status. */
export function postEvent(
  type: DomainEventType,
  post: Post,
  at: Date,
  data: Readonly<Record<string, string | number | boolean | null>> = {},
): DomainEvent {
  return {
    type,
    at,
    ownerId: post.ownerId,
    subjectId: post.id,
    data: { platform: post.platforms[0] ?? null, profileId: post.profileIds[0] ?? null, ...data },
  };
}

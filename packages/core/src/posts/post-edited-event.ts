import type { DomainEvent } from '../journal/index.js';
import type { Post } from './post.js';
import { postEvent } from './post-events.js';

/** The parts of a post an edit can change, as `post.edited` names them. */
export type EditedPart = 'caption' | 'title' | 'time' | 'media' | 'accounts' | 'evergreen';

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** What an edit changed of `post`, in a fixed order; empty when it changed nothing. */
export function editedParts(post: Post, next: Post): EditedPart[] {
  const parts: EditedPart[] = [];
  if (post.caption !== next.caption) parts.push('caption');
  if (post.title !== next.title) parts.push('title');
  if (!sameTime(post.scheduledTime, next.scheduledTime)) parts.push('time');
  if (!sameList(post.media, next.media)) parts.push('media');
  if (!sameList(post.profileIds, next.profileIds)) parts.push('accounts');
  if (JSON.stringify(post.evergreen) !== JSON.stringify(next.evergreen)) parts.push('evergreen');
  return parts;
}

/**
 * The journal's record of an edit (`post.edited`): which parts changed and, for a move, the time
 * from and to. Never the caption itself: the journal keeps small events, and a reader who wants
 * the words reads the post. None when the edit changed nothing.
 */
export function postEditedEvents(post: Post, next: Post, at: Date): DomainEvent[] {
  const parts = editedParts(post, next);
  if (parts.length === 0) return [];
  const moved = parts.includes('time');
  return [
    postEvent('post.edited', next, at, {
      changed: parts.join(','),
      scheduledTimeFrom: moved ? (post.scheduledTime?.toISOString() ?? null) : null,
      scheduledTimeTo: moved ? (next.scheduledTime?.toISOString() ?? null) : null,
    }),
  ];
}

// What the journal records of each post transition: one switch over the events, kept apart from
// how a transition changes the post (post-state-machine.ts) so each reads whole.
import type { DomainEvent } from '../journal/index.js';
import type { Post } from './post.js';
import { postEditedEvents } from './post-edited-event.js';
import type { PostEvent } from './post-event.js';
import { postEvent } from './post-events.js';
import { resumesPublish } from './resumes-publish.js';

/** The journal's record of a transition, about the post as it now is. */
export function transitionEvents(post: Post, next: Post, event: PostEvent): DomainEvent[] {
  const at = event.at;
  switch (event.type) {
    case 'request_approval':
      return [postEvent('post.approval_requested', next, at)];
    case 'approve':
      return approvedEvents(next, at);
    case 'reject':
      return [postEvent('post.rejected', next, at)];
    case 'claim':
      // Taking up a publish handed back while the platform worked is no new start.
      return resumesPublish(post) ? [] : [postEvent('post.publishing', next, at, { attempt: next.attempts })];
    case 'succeed':
      return [
        postEvent('post.posted', next, at, {
          permalink: event.permalink,
          platformPostId: event.platformPostId,
          warning: next.warning,
          ...(event.publicIdPending === true ? { publicIdPending: true } : {}),
          ...(next.firstComment === null ? {} : { firstCommentStatus: next.firstComment.status }),
        }),
      ];
    case 'reveal_public_id':
      return [
        postEvent('post.permalink_ready', next, at, {
          permalink: event.permalink,
          platformPostId: event.platformPostId,
        }),
      ];
    case 'fail':
      return [postEvent('post.failed', next, at, { reason: event.reason })];
    case 'retry_later':
      return [
        postEvent('post.retrying', next, at, {
          retryAt: event.retryAt.toISOString(),
          reason: event.reason ?? null,
        }),
      ];
    case 'delete':
      return [postEvent('post.deleted', next, at)];
    case 'restore':
      return [postEvent('post.restored', next, at, { status: next.status })];
    case 'retry':
      return [
        postEvent('post.retry_requested', next, at, { scheduledTime: event.scheduledTime.toISOString() }),
      ];
    case 'edit':
    case 'revise':
      return postEditedEvents(post, next, at);
    case 'record_progress':
      return [];
  }
}

/**
 * The journal's record of an approved draft's row: approved, then scheduled at its time. Also
 * called by the approval's transaction when a queued draft's row took its slot there.
 */
export function approvedEvents(post: Post, at: Date): DomainEvent[] {
  return [
    postEvent('post.approved', post, at),
    postEvent('post.scheduled', post, at, { scheduledTime: post.scheduledTime?.toISOString() ?? null }),
  ];
}

/** The journal's record of rows created `scheduled` (a created post, an approved draft's others). */
export function scheduledEvents(posts: readonly Post[], at: Date): DomainEvent[] {
  return posts
    .filter((p) => p.status === 'scheduled')
    .map((p) =>
      postEvent('post.scheduled', p, at, { scheduledTime: p.scheduledTime?.toISOString() ?? null }),
    );
}

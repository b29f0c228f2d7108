// The post's life: the transition table, the guards and how each event changes the post, read top
// to bottom. What can happen to a post is post-event.ts, what the journal records of it is
// transition-events.ts, the refusals' wording is post-state-refusal.ts.

import { err, ok, type Result } from 'neverthrow';
import type { DomainEvent } from '../journal/index.js';
import { type SvcError, svcError } from '../kernel/index.js';
import type { Post } from './post.js';
import type { DraftRevision, PostEdit, PostEvent, PostEventType, PostState } from './post-event.js';
import { beingPublished, postStateRefusal } from './post-state-refusal.js';
import { resumesPublish } from './resumes-publish.js';
import { transitionEvents } from './transition-events.js';

/** How long a soft-deleted post can be restored (spec section 8). */
export const RESTORE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** One row of the transition table: `to` of `restore` is the status the post had when deleted. */
export type PostTransitionRule = {
  readonly event: PostEventType;
  readonly from: readonly PostState[];
  readonly to: PostState | 'status_before_delete';
};

/**
 * The post state machine of spec section 3, as data. Decisions the spec leaves open are ours
 * (docs/post-lifecycle.md): a rejected approval returns the post to `draft`; `publishing` is
 * the leased in-flight state; posts that have not been published can be deleted.
 */
export const POST_TRANSITIONS: readonly PostTransitionRule[] = [
  { event: 'request_approval', from: ['draft'], to: 'pending_approval' },
  { event: 'approve', from: ['pending_approval'], to: 'scheduled' },
  // A scheduled post is rejected by a client through a review link (docs/teams.md, "Review links").
  { event: 'reject', from: ['pending_approval', 'scheduled'], to: 'draft' },
  { event: 'edit', from: ['scheduled'], to: 'scheduled' },
  { event: 'revise', from: ['draft'], to: 'draft' },
  { event: 'claim', from: ['scheduled', 'publishing'], to: 'publishing' },
  { event: 'record_progress', from: ['publishing'], to: 'publishing' },
  { event: 'succeed', from: ['publishing'], to: 'posted' },
  { event: 'reveal_public_id', from: ['posted'], to: 'posted' },
  { event: 'fail', from: ['publishing'], to: 'failed' },
  { event: 'retry_later', from: ['publishing'], to: 'scheduled' },
  { event: 'delete', from: ['draft', 'pending_approval', 'scheduled', 'failed'], to: 'deleted' },
  { event: 'restore', from: ['deleted'], to: 'status_before_delete' },
  { event: 'retry', from: ['failed'], to: 'scheduled' },
];

/** The state a post is in for the purpose of transitions. */
export function stateOf(post: Post): PostState {
  return post.deletedAt === null ? post.status : 'deleted';
}

/** What a person may ask of a post: change its content, move its time, delete, restore, retry, approve (or reject). */
export type PostAction = 'edit' | 'move' | 'delete' | 'restore' | 'retry' | 'approve';

// The transitions each action asks for: editing a draft revises it, a scheduled post is edited.
const ACTION_EVENTS: Readonly<Record<PostAction, readonly PostEventType[]>> = {
  edit: ['edit', 'revise'],
  move: ['edit'],
  delete: ['delete'],
  restore: ['restore'],
  retry: ['retry'],
  approve: ['approve'],
};

/**
 * Whether the post's state allows the action, read from the transition table (guards that depend
 * on the moment, such as the restore window, are the transition's to refuse).
 */
export function can(post: Post, action: PostAction): boolean {
  return refusalOf(post, action) === null;
}

/**
 * Why the post's state refuses the action, in the words a person reads (null when `can` allows
 * it): a post being published is asked to wait for it to settle, and an edit says what would make
 * it possible (rejecting a post awaiting review, only the evergreen rule of a posted post).
 */
export function refusalOf(post: Post, action: PostAction): SvcError | null {
  const from = stateOf(post);
  const events = ACTION_EVENTS[action];
  if (
    events.some((event) => POST_TRANSITIONS.some((rule) => rule.event === event && rule.from.includes(from)))
  ) {
    return null;
  }
  if (from === 'publishing' && action !== 'restore' && action !== 'approve') {
    return beingPublished(post, ACTION_PAST[action]);
  }
  if (action === 'edit') {
    const hint =
      from === 'pending_approval'
        ? ': reject it to revise it'
        : from === 'posted'
          ? ' (of a posted post, only its evergreen rule)'
          : '';
    return postStateRefusal(post, from, 'edit', `Only drafts and scheduled posts can be edited${hint}.`);
  }
  const [event] = events as [PostEventType, ...PostEventType[]];
  return postStateRefusal(post, from, event);
}

// The action as the refusal of a post being published words it ("cannot be …").
const ACTION_PAST: Readonly<Record<PostAction, string>> = {
  edit: 'edited',
  move: 'moved',
  delete: 'deleted',
  restore: 'restored',
  retry: 'retried',
  approve: 'approved',
};

/** A post after a transition, and what the journal records of it (none for progress). */
export type PostChange = { readonly post: Post; readonly events: readonly DomainEvent[] };

/**
 * Applies one event to a post. Pure: returns the next post (version untouched; stores bump it)
 * with the domain events of the change, or an `invalid_post_state` / `restore_window_expired`
 * error. Never a silent no-op. Stores write the post and its events in one transaction.
 */
export function transition(post: Post, event: PostEvent): Result<PostChange, SvcError> {
  const from = stateOf(post);
  const rule = POST_TRANSITIONS.find((r) => r.event === event.type);
  if (rule === undefined || !rule.from.includes(from)) {
    return err(postStateRefusal(post, from, event.type));
  }
  const guard = guardOf(post, event);
  if (guard !== null) return err(guard);
  const next = apply(post, event);
  return ok({ post: next, events: transitionEvents(post, next, event) });
}

function guardOf(post: Post, event: PostEvent): SvcError | null {
  const from = stateOf(post);
  switch (event.type) {
    case 'claim':
      if (post.dueAt === null || post.dueAt.getTime() > event.at.getTime()) {
        const why = from === 'publishing' ? 'its publishing lease has not expired' : 'it is not due yet';
        return postStateRefusal(post, from, event.type, `It cannot be claimed: ${why}.`);
      }
      return null;
    case 'record_progress':
    case 'succeed':
    case 'fail':
    case 'retry_later':
      if (post.leaseOwner !== event.leaseOwner) {
        return postStateRefusal(
          post,
          from,
          event.type,
          'The publisher recording this no longer holds its lease.',
        );
      }
      return null;
    case 'reveal_public_id':
      if (post.permalink !== null) {
        return postStateRefusal(post, from, event.type, 'It already has its public link.');
      }
      return null;
    case 'restore': {
      const deletedAt = post.deletedAt?.getTime() ?? 0;
      if (event.at.getTime() - deletedAt > RESTORE_WINDOW_MS) {
        return svcError(
          'restore_window_expired',
          'The post was deleted more than 30 days ago and can no longer be restored.',
          { postId: post.id, deletedAt: post.deletedAt?.toISOString() },
        );
      }
      return null;
    }
    default:
      return null;
  }
}

function apply(post: Post, event: PostEvent): Post {
  const base = { ...post, updatedAt: event.at };
  switch (event.type) {
    case 'request_approval':
      return { ...base, status: 'pending_approval' };
    case 'approve':
      // A queued draft's request is met by the time it is given (its slot, in the approval's transaction).
      return {
        ...base,
        status: 'scheduled',
        scheduledTime: event.scheduledTime,
        dueAt: event.scheduledTime,
        queued: false,
      };
    case 'reject':
      // A scheduled post taken back to draft is no longer due.
      return { ...base, status: 'draft', dueAt: post.status === 'scheduled' ? null : base.dueAt };
    case 'edit':
      return applyEdit(base, event.changes);
    case 'revise':
      return applyRevision(base, event.changes);
    case 'claim':
      return {
        ...base,
        status: 'publishing',
        attempts: resumesPublish(post) ? post.attempts : post.attempts + 1,
        leaseOwner: event.leaseOwner,
        dueAt: event.leaseUntil,
      };
    case 'record_progress':
      return {
        ...base,
        publishProgress: event.progress,
        dueAt: event.leaseUntil,
        ...(event.release === true ? { leaseOwner: null } : {}),
      };
    case 'succeed':
      return {
        ...base,
        status: 'posted',
        publishedAt: event.at,
        permalink: event.permalink,
        platformPostId: event.platformPostId,
        warning: event.warning ?? null,
        firstComment: event.firstComment ?? null,
        failedReason: null,
        leaseOwner: null,
        dueAt: null,
      };
    case 'reveal_public_id':
      return { ...base, platformPostId: event.platformPostId, permalink: event.permalink };
    case 'fail':
      return {
        ...base,
        status: 'failed',
        failedReason: event.reason,
        warning: null,
        leaseOwner: null,
        dueAt: null,
      };
    case 'retry_later':
      return {
        ...base,
        status: 'scheduled',
        leaseOwner: null,
        dueAt: event.retryAt,
        attempts: event.countsAsAttempt === false ? Math.max(0, post.attempts - 1) : post.attempts,
      };
    case 'delete':
      return { ...base, deletedAt: event.at };
    case 'restore':
      return { ...base, deletedAt: null };
    case 'retry':
      // A new attempt from the start: the count of attempts begins again, and handles of the
      // failed publish (a container that has expired by now) are not resumed.
      return {
        ...base,
        status: 'scheduled',
        scheduledTime: event.scheduledTime,
        dueAt: event.scheduledTime,
        failedReason: null,
        warning: null,
        attempts: 0,
        leaseOwner: null,
        publishProgress: null,
      };
  }
}

function applyEdit(post: Post, changes: PostEdit): Post {
  const scheduledTime = changes.scheduledTime ?? post.scheduledTime;
  return {
    ...post,
    caption: changes.caption ?? post.caption,
    title: changes.title === undefined ? post.title : changes.title,
    scheduledTime,
    dueAt: scheduledTime,
    // New content means new platform containers; handles of an earlier attempt no longer apply,
    // nor does what a platform did differently with them.
    publishProgress: null,
    warning: null,
    platforms: changes.targets ? [...changes.targets.platforms] : post.platforms,
    profileIds: changes.targets ? [...changes.targets.profileIds] : post.profileIds,
    media: changes.media ? [...changes.media] : post.media,
    evergreen: changes.evergreen === undefined ? post.evergreen : changes.evergreen,
  };
}

/** A draft revised: new content, still a draft, still not due (it has no platform handles yet). */
function applyRevision(post: Post, changes: DraftRevision): Post {
  return {
    ...post,
    caption: changes.caption ?? post.caption,
    title: changes.title === undefined ? post.title : changes.title,
    scheduledTime: changes.scheduledTime === undefined ? post.scheduledTime : changes.scheduledTime,
    platforms: changes.targets ? [...changes.targets.platforms] : post.platforms,
    profileIds: changes.targets ? [...changes.targets.profileIds] : post.profileIds,
    media: changes.media ? [...changes.media] : post.media,
    evergreen: changes.evergreen === undefined ? post.evergreen : changes.evergreen,
    // A time given to a queued draft replaces its place in the queue: it cannot have both.
    queued: changes.scheduledTime instanceof Date ? false : post.queued,
  };
}

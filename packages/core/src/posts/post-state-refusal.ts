// The wording of the post state machine's refusals: every `invalid_post_state` a transition or
// an action on a post answers.
import { type SvcError, svcError } from '../kernel/index.js';
import type { Post } from './post.js';
import type { PostEventType, PostState } from './post-event.js';

/**
 * The refusal of an event the post's state does not allow, in the words a person reads: its
 * state, then the rule (the event's own wording unless a guard says more).
 */
export function postStateRefusal(
  post: Post,
  from: PostState,
  event: PostEventType,
  rule: string = RULE_TEXT[event],
): SvcError {
  return svcError('invalid_post_state', `This post is ${from.replace('_', ' ')}. ${rule}`, {
    postId: post.id,
    state: from,
    event,
  });
}

const RULE_TEXT: Readonly<Record<PostEventType, string>> = {
  request_approval: 'Only drafts can be sent for approval.',
  approve: 'Only posts awaiting approval can be approved.',
  reject: 'Only posts awaiting approval can be rejected.',
  edit: 'Only scheduled posts can be edited.',
  revise: 'Only drafts can be revised.',
  claim: 'Only scheduled posts can be claimed for publishing.',
  record_progress: 'Only a post being published can record publishing progress.',
  succeed: 'Only a post being published can be marked posted.',
  reveal_public_id: 'Only a posted post can receive its public id.',
  fail: 'Only a post being published can be marked failed.',
  retry_later: 'Only a post being published can be rescheduled for a retry.',
  delete: 'Published posts and posts being published cannot be deleted.',
  restore: 'Only deleted posts can be restored.',
  retry: 'Only failed posts can be retried.',
};

/** The refusal of an action on a post being published: it settles within minutes, posted or failed. */
export function beingPublished(post: Post, action: string): SvcError {
  return svcError(
    'invalid_post_state',
    `Post ${post.id} is being published right now and cannot be ${action}. Check its status in a minute: once it is posted or failed it settles.`,
    { postId: post.id, state: 'publishing' },
  );
}

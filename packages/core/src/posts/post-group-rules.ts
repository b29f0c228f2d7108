import { PLATFORM_NAMES, type SvcError, svcError } from '../kernel/index.js';
import type { Post } from './post.js';

/** What a group action does to every member. */
export type GroupAction = 'edit' | 'delete';

/**
 * Whether a member a group action cannot take is left as it is and reported, rather than
 * refusing the whole action: a posted or failed post is history, one being published is out of
 * reach for a minute, and one awaiting review is the reviewer's. Any other refusal (a check of the
 * new caption or time) is about the change itself, so the whole action is refused.
 */
export function leftAsIs(post: Post, action: GroupAction): boolean {
  if (post.status === 'posted' || post.status === 'publishing') return true;
  return action === 'edit' && (post.status === 'failed' || post.status === 'pending_approval');
}

/** How a member is named in a group's answers and refusals: its platform, then its id. */
export function memberName(post: Post): string {
  const platform = post.platforms[0];
  return platform === undefined ? `Post ${post.id}` : `The ${PLATFORM_NAMES[platform]} post (${post.id})`;
}

/** A member's refusal as the group's: it names the member, and nothing of the group was changed. */
export function memberRefusal(groupId: string, post: Post, error: SvcError): SvcError {
  return svcError(
    error.code,
    `${memberName(post)} refused, so nothing in the group was changed: ${error.message}`,
    { ...error.details, groupId, postId: post.id },
  );
}

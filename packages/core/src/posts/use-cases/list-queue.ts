import { ok, type Result } from 'neverthrow';
import { actorAccount, type ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import { actorWorkspaceId, itemUseCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { isSlotInstant, type PostingSchedule, scheduleOf } from '../../queue/index.js';
import type { Post } from '../post.js';

/** How many queued posts the queue view answers at most. */
export const QUEUE_VIEW_LIMIT = 100;
// Upcoming posts read to find them: posts placed off the slots are read and left out.
const UPCOMING_READ = 500;

/** One queued post: its id and its slot. */
export type QueueItem = { readonly postId: string; readonly scheduledTime: Date };

/** An account's queue: the slots it is read against, and the posts on them. */
export type QueueView = { readonly schedule: PostingSchedule; readonly items: readonly QueueItem[] };

/** A queue item as REST and the tools answer it: the time as an ISO 8601 string. */
export type QueueItemAnswer = { readonly postId: string; readonly scheduledTime: string };

/** The queue's items as every surface answers them. */
export function queueItemsAnswer(items: readonly QueueItem[]): QueueItemAnswer[] {
  return items.map((item) => ({ postId: item.postId, scheduledTime: item.scheduledTime.toISOString() }));
}

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

/**
 * An account's queue (`GET /api/v1/queue?profileId=`; scope `post:read`): its upcoming scheduled
 * posts that sit on one of its posting slots, soonest first, at most QUEUE_VIEW_LIMIT. A post
 * given an explicit time off the slots is not in the queue; with no slots the queue is empty.
 * The slots come along (the tool shows them); reading them here needs no `account:read`.
 */
export const listQueue = itemUseCase(
  'post:read',
  (deps: Deps, actor, profileId) => actorAccount(deps, actor, profileId, 'profileId'),
  async (account, deps: Deps, actor): Promise<Result<QueueView, SvcError>> => {
    const { schedule, posts } = await queuedPosts(deps, actor, account);
    const items = posts.map((post) => ({ postId: post.id, scheduledTime: post.scheduledTime as Date }));
    return ok({ schedule, items });
  },
);

/**
 * The posts an account's queue holds, as the queue view lists them (soonest first, at most
 * QUEUE_VIEW_LIMIT), with the slots they were read against: what reordering, shuffling and a
 * delete that pulls the queue forward act on.
 */
export async function queuedPosts(
  deps: Deps,
  actor: Actor,
  account: ConnectedAccount,
): Promise<{ schedule: PostingSchedule; posts: Post[] }> {
  const schedule = await scheduleOf(deps, account, actor.user.timeZone);
  if (schedule.slots.length === 0) return { schedule, posts: [] };
  const upcoming = await deps.store.posts.upcomingPosts(
    actorWorkspaceId(actor),
    [account.id],
    deps.clock.now(),
    UPCOMING_READ,
  );
  const posts = upcoming
    .filter((post) => post.scheduledTime !== null && isSlotInstant(schedule, post.scheduledTime))
    .slice(0, QUEUE_VIEW_LIMIT);
  return { schedule, posts };
}

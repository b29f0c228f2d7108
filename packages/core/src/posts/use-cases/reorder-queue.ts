import { err, ok, type Result } from 'neverthrow';
import { actorAccount, type ConnectedAccount } from '../../accounts/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, itemUseCase } from '../../identity/index.js';
import { type IdGenerator, type SvcError, svcError } from '../../kernel/index.js';
import type { PostingSchedule } from '../../queue/index.js';
import type { PostWrite } from '../ports/post-store.js';
import type { Post } from '../post.js';
import { transition } from '../post-state-machine.js';
import { type QueueView, queuedPosts } from './list-queue.js';
import { writesBy } from './writes-by.js';

type Deps = Pick<CoreDeps, 'store' | 'clock'>;

/**
 * Reorders an account's queue (`POST /api/v1/queue/reorder`; scope `post:write`): `postIds` must
 * name exactly the posts the queue view lists, in the wanted order, and they take the same set of
 * slot instants, soonest to the first. A list of other posts (or a queue that changed since it was
 * read) is refused with `queue_changed` and the current order. A post being published keeps its
 * slot: it must stay where it is in the list.
 */
export const reorderQueue = itemUseCase(
  'post:write',
  (deps: Deps, actor, profileId) => actorAccount(deps, actor, profileId, 'profileId'),
  async (account, deps: Deps, actor, _id, postIds: readonly string[]) => {
    const queue = await queuedPosts(deps, actor, account);
    const order = orderOf(queue.posts, postIds);
    if (order === null) return err(queueChanged(queue.posts));
    return writeOrder(deps, actor, account, queue, order);
  },
);

/**
 * Shuffles an account's queue (`POST /api/v1/queue/shuffle`): its scheduled posts take their set of
 * slots in a random order (drawn from `ids.secret()`, so tests choose it); a post being published
 * keeps its slot.
 */
export const shuffleQueue = itemUseCase(
  'post:write',
  (deps: Deps & Pick<CoreDeps, 'ids'>, actor, profileId) => actorAccount(deps, actor, profileId, 'profileId'),
  async (account, deps: Deps & Pick<CoreDeps, 'ids'>, actor) => {
    const queue = await queuedPosts(deps, actor, account);
    return writeOrder(deps, actor, account, queue, shuffledMovable(queue.posts, deps.ids));
  },
);

/**
 * The moves that put `order` (the posts to place, in their new order) on `times` (ascending, at
 * least as many), each a `post.edited` edit of its time; posts already on their time are left out.
 */
export function slotMoves(
  order: readonly Post[],
  times: readonly Date[],
  at: Date,
): Result<PostWrite[], SvcError> {
  const writes: PostWrite[] = [];
  for (const [i, post] of order.entries()) {
    const time = times[i] as Date;
    if (post.scheduledTime?.getTime() === time.getTime()) continue;
    const moved = transition(post, { type: 'edit', at, changes: { scheduledTime: time } });
    if (moved.isErr()) return err(moved.error);
    writes.push({
      post: moved.value.post,
      expectedVersion: post.version,
      events: moved.value.events,
      before: post,
    });
  }
  return ok(writes);
}

/** `queue_changed`: the list a caller sent is not the queue as it stands; details give the current order. */
export function queueChanged(posts: readonly Post[]): SvcError {
  return svcError(
    'queue_changed',
    'The queue is not the one the list names (a post was added, moved, deleted or published since it was read). Read the queue and send its posts again.',
    { postIds: posts.map((p) => p.id) },
  );
}

/** The queue's posts in the order `postIds` names them; null unless it names each exactly once. */
function orderOf(posts: readonly Post[], postIds: readonly string[]): Post[] | null {
  if (postIds.length !== posts.length || new Set(postIds).size !== postIds.length) return null;
  const byId = new Map(posts.map((p) => [p.id, p]));
  const order = postIds.map((id) => byId.get(id));
  return order.every((p) => p !== undefined) ? (order as Post[]) : null;
}

// Fisher–Yates over the scheduled posts; posts being published keep their places.
function shuffledMovable(posts: readonly Post[], ids: Pick<IdGenerator, 'secret'>): Post[] {
  const places = posts.flatMap((p, i) => (p.status === 'publishing' ? [] : [i]));
  const movable = places.map((i) => posts[i] as Post);
  for (let i = movable.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, ids);
    [movable[i], movable[j]] = [movable[j] as Post, movable[i] as Post];
  }
  const order = [...posts];
  places.forEach((place, k) => {
    order[place] = movable[k] as Post;
  });
  return order;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// 48 bits (8 characters) of a fresh secret, reduced: the bias at queue sizes (≤ 100) is below 2^-40.
function randomBelow(n: number, ids: Pick<IdGenerator, 'secret'>): number {
  let bits = 0;
  for (const char of ids.secret().slice(0, 8)) bits = bits * 64 + Math.max(0, BASE64URL.indexOf(char));
  return bits % n;
}

async function writeOrder(
  deps: Deps,
  actor: Actor,
  account: ConnectedAccount,
  { schedule, posts }: { schedule: PostingSchedule; posts: readonly Post[] },
  order: readonly Post[],
): Promise<Result<QueueView, SvcError>> {
  const times = posts.map((p) => p.scheduledTime as Date);
  const writes = slotMoves(order, times, deps.clock.now());
  if (writes.isErr()) return err(writes.error);
  if (writes.value.length > 0) {
    const outcome = await deps.store.posts.updatePosts(writesBy(actor, writes.value));
    if (outcome.kind === 'changed') return err(queueChanged((await queuedPosts(deps, actor, account)).posts));
  }
  return ok({
    schedule,
    items: order.map((post, i) => ({ postId: post.id, scheduledTime: times[i] as Date })),
  });
}

import { ok, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanReadPost } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { type EvergreenRule, evergreenDue } from '../../queue/index.js';
import type { Post } from '../post.js';
import { liveOwnedPost, useCaseOnLivePost } from './owned-post.js';

/** When an evergreen post's next copy comes, as the recycling sweep would decide it now. */
export type EvergreenNext =
  /** Not published yet: the first copy comes `everyDays` after it is. */
  | { readonly kind: 'after_publication' }
  /** Due now: the next sweep (every 15 minutes) makes copy `copyNumber`. */
  | { readonly kind: 'due'; readonly copyNumber: number }
  /** Copy `copyNumber` is due from `at` (later when that period is skipped). */
  | { readonly kind: 'due_at'; readonly at: Date; readonly copyNumber: number }
  /** A copy is still on its way out: the period counts from its publication. */
  | { readonly kind: 'copy_pending' }
  /** No more copies: `maxTimes` were made, the rule was removed, or the post was deleted. */
  | { readonly kind: 'finished' };

/** A post's place in evergreen recycling, as its page shows it. */
export type EvergreenStanding = {
  /** The post's own rule (null on a copy, and on a post without one). */
  readonly rule: EvergreenRule | null;
  /** The copies made of it, first first; deleted and failed ones count, as for the rule. */
  readonly copies: readonly Post[];
  /** Its next copy; null without a rule. */
  readonly next: EvergreenNext | null;
  /** On a copy: the original it was recycled from, null when that is gone (or not a copy). */
  readonly original: Post | null;
};

/**
 * The evergreen side of one of the actor's posts (docs/queue.md, "Evergreen recycling"): its
 * rule, the copies made of it and when the next is due by the same rule the sweep applies
 * (`evergreenDue`), or on a copy the original it repeats. `post_not_found` as `getPost`.
 */
export function evergreenStanding(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  postId: string,
): ResultAsync<EvergreenStanding, SvcError> {
  return useCaseOnLivePost(deps.store.posts, actor, 'post:read', postId, async (post) => {
    const copies = [...(await deps.store.posts.recycledCopiesOf(post.id))]
      .filter((copy) => actorCanReadPost(actor, copy))
      .sort((a, b) => (a.recycleNumber ?? 0) - (b.recycleNumber ?? 0));
    const original =
      post.recycledFrom === null ? null : await liveOwnedPost(deps.store.posts, actor, post.recycledFrom);
    return ok({
      rule: post.evergreen,
      copies,
      next: post.evergreen === null ? null : nextCopy(post.evergreen, post, copies, deps.clock.now()),
      original: original?.isOk() ? original.value : null,
    });
  });
}

/** The sweep's decision for this post, told as when its next copy comes. */
export function nextCopy(rule: EvergreenRule, post: Post, copies: readonly Post[], now: Date): EvergreenNext {
  if (post.deletedAt === null && post.status !== 'posted') return { kind: 'after_publication' };
  const decision = evergreenDue(rule, post, copies, now);
  if (decision.kind === 'due') return decision;
  if (decision.kind === 'finished') return decision;
  if (decision.until === null) return { kind: 'copy_pending' };
  const highest = copies.reduce((max, copy) => Math.max(max, copy.recycleNumber ?? 0), 0);
  return { kind: 'due_at', at: decision.until, copyNumber: highest + 1 };
}

import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanReadPost, actorWorkspaceId, useCase } from '../../identity/index.js';
import { type Platform, type SvcError, svcError } from '../../kernel/index.js';
import type { PostWrite } from '../ports/post-store.js';
import type { Post } from '../post.js';
import { type GroupAction, leftAsIs, memberName, memberRefusal } from '../post-group-rules.js';
import { writesBy } from './writes-by.js';

/** A group's live members, oldest first: one post across platforms. */
export type PostGroup = { readonly groupId: string; readonly posts: readonly Post[] };

/** A member a group action left as it is, and why (the refusal acting on it alone would get). */
export type SkippedMember = {
  readonly postId: string;
  readonly platform: Platform | null;
  readonly code: string;
  readonly reason: string;
};

/** What a group action answers: the members it changed, as stored, and those it left as they are. */
export type PostGroupChanged = PostGroup & { readonly skipped: readonly SkippedMember[] };

/**
 * The live members of one of the actor's groups that their key can see (a key limited to some
 * accounts sees and acts on the members on those accounts); `post_not_found` when there are none,
 * so another user's group id reveals nothing.
 */
export async function ownedGroup(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  groupId: string,
): Promise<Result<PostGroup, SvcError>> {
  const members = await deps.store.posts.postsOfGroup(actorWorkspaceId(actor), groupId);
  const posts = members.filter((post) => actorCanReadPost(actor, post));
  if (posts.length === 0) {
    return err(svcError('post_not_found', `Post group ${groupId} not found.`, { groupId }));
  }
  return ok({ groupId, posts });
}

/** Every live member of a group of the actor's: `post_not_found` when it has none they can see. */
export function getPostGroup(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  groupId: string,
): ResultAsync<PostGroup, SvcError> {
  return useCase(actor, 'post:read', () => ownedGroup(deps, actor, groupId));
}

/**
 * Plans `action` on every member with the per-post rule `plan`, then writes every planned member
 * in one store transaction. A member `leftAsIs` is reported in `skipped`; any other refusal
 * refuses the whole action, naming the member, and nothing is written. When no member can take
 * the action, that is the refusal of the first.
 */
export async function actOnGroup(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  group: PostGroup,
  action: GroupAction,
  plan: (post: Post) => Promise<Result<Omit<PostWrite, 'expectedVersion'>, SvcError>>,
): Promise<Result<PostGroupChanged, SvcError>> {
  const writes: PostWrite[] = [];
  const skipped: SkippedMember[] = [];
  let firstRefusal: SvcError | null = null;
  for (const post of group.posts) {
    const planned = await plan(post);
    if (planned.isOk()) {
      writes.push({ ...planned.value, expectedVersion: post.version, before: post });
      continue;
    }
    if (!leftAsIs(post, action)) return err(memberRefusal(group.groupId, post, planned.error));
    firstRefusal ??= memberRefusal(group.groupId, post, planned.error);
    skipped.push({
      postId: post.id,
      platform: post.platforms[0] ?? null,
      code: planned.error.code,
      reason: planned.error.message,
    });
  }
  if (writes.length === 0 && firstRefusal !== null) return err(firstRefusal);
  const outcome = await deps.store.posts.updatePosts(writesBy(actor, writes));
  if (outcome.kind === 'changed') {
    const changed = group.posts.find((p) => p.id === outcome.postId);
    const name = changed === undefined ? `Post ${outcome.postId}` : memberName(changed);
    return err(
      svcError(
        'invalid_post_state',
        `${name} changed while the group was being changed, so nothing in the group was changed. Read the group and try again.`,
        { groupId: group.groupId, postId: outcome.postId },
      ),
    );
  }
  return ok({ groupId: group.groupId, posts: outcome.posts, skipped });
}

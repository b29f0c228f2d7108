import { err, ok, type ResultAsync } from 'neverthrow';
import { type Actor, useCaseOn } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import type { CreatePostsDeps } from './create-posts.js';
import { type EditPostInput, plannedEdit } from './edit-post.js';
import { actOnGroup, ownedGroup, type PostGroupChanged } from './post-group.js';

/** What editing a whole group asks for: the same new time, caption or title for every member. */
export type EditPostGroupInput = Pick<EditPostInput, 'caption' | 'title' | 'scheduledTime'> & {
  readonly groupId: string;
};

/**
 * Moves or edits every member of a group (REST's `PATCH /api/v1/post-groups/{groupId}`, the
 * tools, the console's "move all" and "edit all"): each member goes through `editPost`'s rules,
 * and all are written in one transaction (see `actOnGroup` for members left as they are).
 */
export function editPostGroup(
  deps: CreatePostsDeps,
  actor: Actor,
  input: EditPostGroupInput,
): ResultAsync<PostGroupChanged, SvcError> {
  const { groupId, ...changes } = input;
  return useCaseOn(
    actor,
    'post:write',
    () => ownedGroup(deps, actor, groupId),
    async (group) => {
      const changed = await actOnGroup(deps, actor, group, 'edit', (post) =>
        plannedEdit(deps, actor, post, changes),
      );
      if (changed.isErr()) return err(changed.error);
      for (const post of changed.value.posts) {
        if (post.status === 'scheduled' && post.dueAt !== null) deps.publisher.postsDue(post.dueAt);
      }
      return ok(changed.value);
    },
  );
}

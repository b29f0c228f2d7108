import type { Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { itemUseCase } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { DELETE_POSTS, deletionOf } from './delete-post.js';
import { actOnGroup, ownedGroup, type PostGroupChanged } from './post-group.js';

/**
 * Soft-deletes every member of a group (REST's `DELETE /api/v1/post-groups/{groupId}`, the tools,
 * the console's "delete all") by `deletePost`'s rule, all in one transaction; posted members and
 * one being published are left as they are and reported (see `actOnGroup`). Each is restorable
 * for 30 days, as a post deleted alone.
 */
export const deletePostGroup = itemUseCase(
  DELETE_POSTS,
  ownedGroup,
  async (
    group,
    deps: Pick<CoreDeps, 'store' | 'clock'>,
    actor,
  ): Promise<Result<PostGroupChanged, SvcError>> => {
    const now = deps.clock.now();
    return actOnGroup(deps, actor, group, 'delete', async (post) => deletionOf(post, now));
  },
);

import { err, ok, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId, useCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Post } from '../../posts/index.js';

/** The most posts one calendar range shows; a busier month says so instead of hiding posts silently. */
export const CALENDAR_POSTS_MAX = 1000;

/** A calendar range's posts, and whether more than it shows fall in it. */
export type CalendarPosts = { readonly posts: readonly Post[]; readonly truncated: boolean };

/**
 * The actor's posts scheduled in `[from, to)` (a month or a week), soonest first, any status but
 * deleted; a key limited to some accounts sees only posts aimed at those. At most 62 days.
 */
export function calendarPosts(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  range: { readonly from: Date; readonly to: Date },
): ResultAsync<CalendarPosts, SvcError> {
  return useCase(actor, 'post:read', async () => {
    const span = range.to.getTime() - range.from.getTime();
    if (!(span > 0 && span <= 62 * 86_400_000)) {
      return err(svcError('validation_failed', 'A calendar range is 1 to 62 days long.', { field: 'range' }));
    }
    const found = await deps.store.posts.postsScheduledBetween(
      actorWorkspaceId(actor),
      range.from,
      range.to,
      CALENDAR_POSTS_MAX + 1,
    );
    const visible = found.filter((post) => post.profileIds.every((id) => actorCanSeeAccount(actor, id)));
    return ok({ posts: visible.slice(0, CALENDAR_POSTS_MAX), truncated: found.length > CALENDAR_POSTS_MAX });
  });
}

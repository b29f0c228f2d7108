import { ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanSeeAccount, actorWorkspaceId, useCase } from '../../identity/index.js';
import type { JournalEvent } from '../../journal/index.js';
import { captionPreview, type SvcError } from '../../kernel/index.js';

/** How many events a person's recent activity lists by default. */
export const RECENT_ACTIVITY_SHOWN = 10;

/** The most a caller may ask for. */
export const RECENT_ACTIVITY_MAX = 100;

/** What an activity entry shows of the post its event is about. */
export type ActivityPost = {
  readonly captionPreview: string;
  /** Deleted since (or by) the event: it has no page of its own, only a place in Deleted. */
  readonly deleted: boolean;
};

/** One thing that happened to the person's posts, accounts, media or automations. */
export type ActivityEntry = {
  readonly event: JournalEvent;
  /** The post, for a `post.*` event whose post is still stored; null otherwise. */
  readonly post: ActivityPost | null;
};

/**
 * The actor's last events from the journal, newest first, each post event with its post's
 * caption preview (the posts are read in one go, not one per event). Only the actor's own
 * events; a key limited to some accounts sees those of its accounts and of the media library.
 */
export function recentActivity(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
  limit: number = RECENT_ACTIVITY_SHOWN,
): ResultAsync<readonly ActivityEntry[], SvcError> {
  return useCase(actor, 'post:read', async (): Promise<Result<readonly ActivityEntry[], SvcError>> => {
    const count = Math.min(RECENT_ACTIVITY_MAX, Math.max(0, Math.floor(limit)));
    const events = (await deps.store.events.recentEventsOf(actorWorkspaceId(actor), count)).filter((e) =>
      eventVisibleTo(e, actor),
    );
    const postIds = [...new Set(events.filter(isPostEvent).map((e) => e.subjectId))];
    const posts =
      postIds.length === 0 ? [] : await deps.store.events.postsMentioned(actorWorkspaceId(actor), postIds);
    const byId = new Map(posts.map((p) => [p.id, p]));
    return ok(
      events.map((event) => {
        const post = isPostEvent(event) ? byId.get(event.subjectId) : undefined;
        return {
          event,
          post:
            post === undefined
              ? null
              : { captionPreview: captionPreview(post.caption), deleted: post.deletedAt !== null },
        };
      }),
    );
  });
}

const isPostEvent = (event: JournalEvent) => event.type.startsWith('post.');

// The account an event is about: the subject of an account event, the target named by a post's
// or an automation's; a media event names none.
function eventVisibleTo(event: JournalEvent, actor: Actor): boolean {
  if (actor.accountIds === null || event.type.startsWith('media.')) return true;
  const accountId = event.type.startsWith('account.') ? event.subjectId : event.data.profileId;
  return typeof accountId === 'string' && actorCanSeeAccount(actor, accountId);
}

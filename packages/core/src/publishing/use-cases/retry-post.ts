import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorOwner, checkCanSchedule } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { assetIdsOf, assetsById } from '../../media/index.js';
import {
  beingPublished,
  checkPostContent,
  editedTexts,
  invalidScheduledTime,
  type Post,
  type PostChange,
  postChangedWhile,
  refuseRepeats,
  scheduledTimeInPast,
  transition,
  useCaseOnLivePost,
  writeChangeBy,
} from '../../posts/index.js';
import { type UnpublishableCause, unpublishableCause } from '../unpublishable-reason.js';

/**
 * When a retried post goes out: at `scheduledTime` (in the future), or on the next publisher run;
 * and, to edit it and retry in one go, its new caption or title (absent: as it is).
 */
export type RetryPostInput = {
  readonly scheduledTime?: Date | null;
  readonly caption?: string;
  /** The new title; empty or null removes it. */
  readonly title?: string | null;
};

/** What retrying a post needs (the policy: to check an edit made with the retry). */
export type RetryPostDeps = Pick<CoreDeps, 'store' | 'clock' | 'publisher' | 'policy'>;

/**
 * Queues a failed post again under the same id (`POST /api/v1/posts/{id}/retry`): it becomes
 * `scheduled` at the given time or the next publisher run, its failure reason and attempt count
 * cleared. What would make it fail again at once is refused first: an account that is gone or
 * must be reconnected, media that no longer exists, a repeat of a post of the same account. A
 * retry takes no quota slot: the post took its slot when it was created (docs/post-lifecycle.md).
 *
 * A failed post is not edited on its own (it is history until retried), but its caption and title
 * may change with its retry: the retried post is edited as a scheduled post is, passes the content
 * policy again, and the journal records `post.retry_requested` then `post.edited`, in one write.
 */
export function retryPost(
  deps: RetryPostDeps,
  actor: Actor,
  postId: string,
  input: RetryPostInput = {},
): ResultAsync<Post, SvcError> {
  return useCaseOnLivePost(deps.store.posts, actor, 'post:write', postId, (post) =>
    retry(deps, actor, post, input),
  );
}

async function retry(
  deps: RetryPostDeps,
  actor: Actor,
  post: Post,
  input: RetryPostInput,
): Promise<Result<Post, SvcError>> {
  if (post.status === 'publishing') return err(beingPublished(post, 'retried'));
  const now = deps.clock.now();
  const time = retryTime(input.scheduledTime ?? null, now, deps);
  // A post that is not failed is refused as such, whatever time came with the request.
  const moved = transition(post, { type: 'retry', at: now, scheduledTime: time.unwrapOr(now) });
  if (moved.isErr()) return err(moved.error);
  if (time.isErr()) return err(time.error);
  const plan = checkCanSchedule(actorOwner(actor), now);
  if (plan.isErr()) return err(plan.error);

  const edited = await editWithRetry(deps, actor, moved.value, input, now);
  if (edited.isErr()) return err(edited.error);
  const blocked = await wouldFailAtOnce(deps, post);
  if (blocked !== null) return err(blocked);
  const repeats = await refuseRepeats(deps, [edited.value.post], null);
  if (repeats.isErr()) return err(repeats.error);

  const stored = await writeChangeBy(deps.store.posts, actor, post, edited.value);
  if (stored === null) {
    return err(postChangedWhile(post.id, 'retrying it'));
  }
  if (stored.dueAt !== null) deps.publisher.postsDue(stored.dueAt);
  return ok(stored);
}

/** The retried post with the caption and title asked for, checked as an edit of a scheduled post is. */
async function editWithRetry(
  deps: RetryPostDeps,
  actor: Actor,
  retried: PostChange,
  input: RetryPostInput,
  now: Date,
): Promise<Result<PostChange, SvcError>> {
  if (input.caption === undefined && input.title === undefined) return ok(retried);
  const texts = editedTexts(input, deps.policy);
  if (texts.isErr()) return err(texts.error);
  const edited = transition(retried.post, { type: 'edit', at: now, changes: texts.value });
  if (edited.isErr()) return err(edited.error);
  const content = await checkPostContent(deps, actorOwner(actor), edited.value.post, 'refuse');
  if (content.isErr()) return err(content.error);
  return ok({ post: edited.value.post, events: [...retried.events, ...edited.value.events] });
}

function retryTime(
  requested: Date | null,
  now: Date,
  deps: Pick<CoreDeps, 'publisher'>,
): Result<Date, SvcError> {
  if (requested === null) return ok(deps.publisher.nextRunAt(now));
  if (Number.isNaN(requested.getTime())) {
    return err(
      invalidScheduledTime(
        'scheduledTime must be an ISO 8601 date-time with a time zone offset, for example 2026-12-01T09:30:00Z.',
      ),
    );
  }
  if (requested.getTime() <= now.getTime()) {
    return err(
      scheduledTimeInPast(
        'scheduledTime',
        requested,
        now,
        'Send a later time, or leave it out to retry on the next run.',
      ),
    );
  }
  return ok(requested);
}

/** The refusal for a post the publisher would fail again without calling the platform, or null. */
async function wouldFailAtOnce(deps: Pick<CoreDeps, 'store'>, post: Post): Promise<SvcError | null> {
  const accountId = post.profileIds[0];
  const account = accountId === undefined ? null : await deps.store.accounts.getAccount(accountId);
  const assets = await assetsById(deps, assetIdsOf(post.media));
  const cause = unpublishableCause(post, account, assets);
  return cause === null ? null : refusalOf(post, cause);
}

function refusalOf(post: Post, cause: UnpublishableCause): SvcError {
  const profileId = post.profileIds[0] ?? null;
  switch (cause.kind) {
    case 'account_disconnected':
      return svcError(
        'invalid_profile_ids',
        `${cause.reason} Connect the account again with POST /api/v1/connections, or schedule the content as a new post to another account.`,
        { field: 'profileIds', postId: post.id, invalid: profileId === null ? [] : [profileId] },
      );
    case 'account_needs_reconnect':
      return svcError(
        'account_needs_reconnect',
        `${cause.reason} Reconnect it with POST /api/v1/connections, then retry the post.`,
        { postId: post.id, profileId, handle: cause.handle },
      );
    case 'media_missing':
      return svcError(
        'media_not_found',
        `${cause.reason} Schedule the content again as a new post with media that exists.`,
        { field: 'mediaIds', postId: post.id, missing: [cause.mediaId] },
      );
  }
}

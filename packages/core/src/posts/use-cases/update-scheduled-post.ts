import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { Actor } from '../../identity/index.js';
import { actorMember, actorOwner, eventsBy } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { MediaRef } from '../../media/index.js';
import { requireCan } from '../../roles/index.js';
import type { PostWrite } from '../ports/post-store.js';
import type { Post } from '../post.js';
import type { PostEdit } from '../post-event.js';
import { transition } from '../post-state-machine.js';
import { checkPostContent, prepareForTargets } from './check-post-content.js';
import type { CreatePostsDeps } from './create-posts.js';
import { editedTexts, evergreenEdit, futureTime } from './edit-values.js';
import { beingPublished, postChangedWhile, useCaseOnLivePost } from './owned-post.js';
import { refuseRepeats } from './refuse-repeats.js';
import { resolveTargets } from './resolve-targets.js';

/** What `svc_update_scheduled_post` asks for; absent fields stay as they are. */
export type UpdateScheduledPostInput = {
  readonly postId: string;
  readonly caption?: string;
  /** The new title (YouTube's, TikTok's); empty or null removes it. */
  readonly title?: string | null;
  /** ISO 8601 with an offset, in the future. */
  readonly scheduledTime?: string;
  /** The replacement target: exactly one account (a post row goes to one account). */
  readonly profileIds?: readonly string[];
  /** Replaces every slide, in order. */
  readonly mediaIds?: readonly string[];
  /**
   * The evergreen rule as sent (`parseEvergreenRule` checks it): a rule replaces the post's, null
   * removes it (docs/queue.md).
   */
  readonly evergreen?: unknown;
};

type Deps = CreatePostsDeps;

/** An edit planned and checked but not yet written: the post as it will be and what it records. */
export type PlannedEdit = Omit<PostWrite, 'expectedVersion'>;

/**
 * Edits a scheduled post (spec 4.2): caption, title, time, target account or media are replaced, and the
 * result passes the checks of creation (content policy, TikTok creator options, repeats); a new
 * target or new media gets its platform's media as at creation (links downloaded where the
 * platform needs them, images converted). The write is a compare-and-set on the post's version.
 * Each post row goes to one account, so `profileIds` must name exactly one (its platform becomes
 * the post's); to post to more accounts, schedule another post.
 */
export const updateScheduledPost = editUseCase<UpdateScheduledPostInput>(plannedUpdate);

/**
 * An edit use case: on a live post the actor may write, `plan` checks the edit and the planned
 * post is written by `writePlannedEdit`.
 */
export function editUseCase<I extends { readonly postId: string }>(
  plan: (deps: Deps, actor: Actor, post: Post, input: I) => Promise<Result<PlannedEdit, SvcError>>,
): (deps: Deps, actor: Actor, input: I) => ResultAsync<Post, SvcError> {
  return (deps, actor, input) =>
    // Editing a draft is `post:draft` (contributors may), anything else `post:schedule`.
    useCaseOnLivePost(
      deps.store.posts,
      actor,
      { scope: 'post:write', action: 'post:draft' },
      input.postId,
      async (post) => {
        const allowed = post.status === 'draft' ? null : requireCan(actorMember(actor), 'post:schedule');
        if (allowed?.isErr()) return err(allowed.error);
        const planned = await plan(deps, actor, post, input);
        if (planned.isErr()) return err(planned.error);
        return writePlannedEdit(deps, post, {
          ...planned.value,
          events: eventsBy(actor, planned.value.events),
        });
      },
    );
}

/**
 * Writes an edit planned on `post` (a draft or a scheduled post) as a compare-and-set on the
 * version it was read at, and tells the publisher when the edited post is scheduled.
 */
async function writePlannedEdit(
  deps: Pick<Deps, 'store' | 'publisher'>,
  post: Post,
  planned: PlannedEdit,
): Promise<Result<Post, SvcError>> {
  const stored = await deps.store.posts.updatePost(planned.post, post.version, planned.events);
  if (stored === null) {
    // What may have changed it meanwhile: a draft's review request, a scheduled post's publish.
    const perhaps = post.status === 'draft' ? 'it was sent for review' : 'it is being published';
    return err(postChangedWhile(post.id, `editing it (perhaps ${perhaps})`));
  }
  if (stored.status === 'scheduled' && stored.dueAt !== null) deps.publisher.postsDue(stored.dueAt);
  return ok(stored);
}

/**
 * The scheduled post as the edit leaves it, every check of creation passed, with its
 * `post.edited` event, not yet written: a group's edit plans each member this way and writes
 * them all together.
 */
export async function plannedUpdate(
  deps: Deps,
  actor: Actor,
  post: Post,
  input: Omit<UpdateScheduledPostInput, 'postId'>,
): Promise<Result<PlannedEdit, SvcError>> {
  if (post.status === 'publishing') return err(beingPublished(post, 'edited'));
  const now = deps.clock.now();

  const changes = await editOf(deps, actor, post, input, now);
  if (changes.isErr()) return err(changes.error);
  const moved = transition(post, { type: 'edit', at: now, changes: changes.value });
  if (moved.isErr()) return err(moved.error);
  // What changed (`post.edited`) is written with the post, in one transaction.
  const { events } = moved.value;
  let next = moved.value.post;

  const content = await checkPostContent(deps, actorOwner(actor), next, 'refuse');
  if (content.isErr()) return err(content.error);
  const target = await deps.store.accounts.getAccount(next.profileIds[0] ?? '');
  const platform = next.platforms[0];
  if (
    target !== null &&
    platform !== undefined &&
    (input.profileIds !== undefined || input.mediaIds !== undefined)
  ) {
    const ready = await prepareForTargets(deps, actorOwner(actor), next, content.value, [target]);
    if (ready.isErr()) return err(ready.error);
    next = { ...next, media: [...(ready.value.media.get(platform) ?? next.media)] };
  }
  const repeats = await refuseRepeats(deps, [next], null);
  if (repeats.isErr()) return err(repeats.error);
  return ok({ post: next, events });
}

/** The replacement values of an edit, each checked on its own (a draft's revision adds to them). */
export async function editOf(
  deps: Deps,
  actor: Actor,
  post: Post,
  input: Omit<UpdateScheduledPostInput, 'postId'>,
  now: Date,
): Promise<Result<PostEdit, SvcError>> {
  const texts = editedTexts(input, deps.policy);
  if (texts.isErr()) return err(texts.error);
  const edit: { -readonly [K in keyof PostEdit]: PostEdit[K] } = { ...texts.value };
  if (input.scheduledTime !== undefined) {
    const time = futureTime(input.scheduledTime, now);
    if (time.isErr()) return err(time.error);
    edit.scheduledTime = time.value;
  }
  if (input.profileIds !== undefined) {
    const ids = [...new Set(input.profileIds)];
    if (ids.length !== 1) {
      return err(
        svcError(
          'invalid_profile_ids',
          'A scheduled post goes to exactly one account: give one replacement profile id. To post to more accounts, schedule another post.',
          { field: 'profileIds', count: ids.length },
        ),
      );
    }
    const account = await deps.store.accounts.getAccount(ids[0] as string);
    const platforms = account === null ? post.platforms : [account.platform];
    const targets = await resolveTargets(deps.store.accounts, actor, platforms, ids);
    if (targets.isErr()) return err(targets.error);
    const target = targets.value[0];
    if (target !== undefined) edit.targets = { platforms: [target.platform], profileIds: [target.id] };
  }
  if (input.mediaIds !== undefined) {
    edit.media = input.mediaIds.map((mediaId): MediaRef => ({ kind: 'asset', mediaId }));
  }
  const evergreen = evergreenEdit(post, input.evergreen);
  if (evergreen.isErr()) return err(evergreen.error);
  if (evergreen.value !== undefined) edit.evergreen = evergreen.value;
  return ok(edit);
}

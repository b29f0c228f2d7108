import { err, ok, type Result } from 'neverthrow';
import type { Actor } from '../../identity/index.js';
import { actorOwner } from '../../identity/index.js';
import type { Platform, SvcError } from '../../kernel/index.js';
import type { Post } from '../post.js';
import { postEditedEvents } from '../post-edited-event.js';
import type { DraftRevision } from '../post-event.js';
import { refusalOf, transition } from '../post-state-machine.js';
import { invalidScheduledTime } from '../scheduled-time-errors.js';
import type { CreatePostsDeps } from './create-posts.js';
import { evergreenEdit } from './edit-values.js';
import { resolveMedia } from './resolve-media.js';
import { resolveTargets } from './resolve-targets.js';
import {
  editOf,
  editUseCase,
  type PlannedEdit,
  plannedUpdate,
  type UpdateScheduledPostInput,
} from './update-scheduled-post.js';

/** What editing a post asks for (REST's `PATCH /api/v1/posts/{id}`, the console); absent fields stay. */
export type EditPostInput = Omit<UpdateScheduledPostInput, 'scheduledTime'> & {
  /**
   * ISO 8601 with an offset, in the future. Null removes a draft's time (it then goes out at the
   * next publisher run after its approval); a scheduled post always has one.
   */
  readonly scheduledTime?: string | null;
};

/**
 * Edits a scheduled post or a draft, the fields given replacing the post's.
 * - A scheduled post is edited by `updateScheduledPost`: the result passes every check of creation.
 * - A draft is revised with the checks of saving a draft (`createDraft`): only what is wrong on its
 *   own is refused (a caption over the service's ceiling, a past time, media or accounts that are
 *   not the person's); whether it could publish is checked when approval is requested. It stays a
 *   draft, and its accounts (any number) give its platforms.
 * Either records `post.edited` with what changed (nothing recorded when nothing changed).
 * A post awaiting review is not edited (the reviewer would approve something else than they
 * read); reject it to revise it. Posted and failed posts are history. The write is a
 * compare-and-set on the post's version.
 */
export const editPost = editUseCase<EditPostInput>(plannedEdit);

/**
 * The post as `editPost` leaves it, every check passed, with its `post.edited` event, not yet
 * written: a group's edit plans each member this way and writes them all together.
 */
export async function plannedEdit(
  deps: CreatePostsDeps,
  actor: Actor,
  post: Post,
  input: Omit<EditPostInput, 'postId'>,
): Promise<Result<PlannedEdit, SvcError>> {
  if (post.status === 'draft') return revisedDraft(deps, actor, post, input);
  if (post.status === 'posted' && onlyEvergreen(input)) return evergreenOfPosted(deps, post, input.evergreen);
  const refused = refusalOf(post, 'edit');
  if (refused !== null) return err(refused);
  const { scheduledTime, ...rest } = input;
  if (scheduledTime === null) {
    return err(
      invalidScheduledTime(
        'A scheduled post needs a time: give an ISO 8601 date-time with an offset, in the future.',
      ),
    );
  }
  return await plannedUpdate(deps, actor, post, {
    ...rest,
    ...(scheduledTime === undefined ? {} : { scheduledTime }),
  });
}

async function revisedDraft(
  deps: CreatePostsDeps,
  actor: Actor,
  draft: Post,
  input: Omit<EditPostInput, 'postId'>,
): Promise<Result<PlannedEdit, SvcError>> {
  const now = deps.clock.now();
  const changes = await revisionOf(deps, actor, draft, input, now);
  if (changes.isErr()) return err(changes.error);
  const revised = transition(draft, { type: 'revise', at: now, changes: changes.value });
  if (revised.isErr()) return err(revised.error);
  return ok({ post: revised.value.post, events: revised.value.events });
}

/**
 * The replacement values of a draft, each checked as saving a draft checks it: as a scheduled
 * post's edit checks them, except that a draft's time may be removed, its accounts may be any
 * number, and its media must be the person's now (a scheduled post's are checked with its content).
 */
async function revisionOf(
  deps: CreatePostsDeps,
  actor: Actor,
  draft: Post,
  input: Omit<EditPostInput, 'postId'>,
  now: Date,
): Promise<Result<DraftRevision, SvcError>> {
  const { scheduledTime, profileIds, ...alike } = input;
  const edit = await editOf(
    deps,
    actor,
    draft,
    scheduledTime == null ? alike : { ...alike, scheduledTime },
    now,
  );
  if (edit.isErr()) return err(edit.error);
  const revision: { -readonly [K in keyof DraftRevision]: DraftRevision[K] } = { ...edit.value };
  if (scheduledTime === null) revision.scheduledTime = null;
  if (profileIds !== undefined) {
    const ids = [...new Set(profileIds)];
    const accounts = await Promise.all(ids.map((id) => deps.store.accounts.getAccount(id)));
    const platforms: Platform[] = [...new Set(accounts.flatMap((a) => (a === null ? [] : [a.platform])))];
    const targets = await resolveTargets(deps.store.accounts, actor, platforms, ids);
    if (targets.isErr()) return err(targets.error);
    revision.targets = { platforms, profileIds: ids };
  }
  if (revision.media !== undefined) {
    const owned = await resolveMedia(deps.store.media, actorOwner(actor), revision.media);
    if (owned.isErr()) return err(owned.error);
  }
  return ok(revision);
}

// Only `evergreen` sent (the path's id aside): what a posted post may still change.
function onlyEvergreen(input: Omit<EditPostInput, 'postId'>): boolean {
  // Callers pass the whole input, its `postId` included.
  const sent = Object.entries(input).filter(([key, value]) => key !== 'postId' && value !== undefined);
  return sent.length === 1 && sent[0]?.[0] === 'evergreen';
}

/**
 * A posted post's evergreen rule changed or removed (null), nothing else: it is history, but
 * whether copies of it keep coming is still the person's choice (docs/queue.md).
 */
function evergreenOfPosted(deps: CreatePostsDeps, post: Post, raw: unknown): Result<PlannedEdit, SvcError> {
  const rule = evergreenEdit(post, raw);
  if (rule.isErr()) return err(rule.error);
  const now = deps.clock.now();
  const next: Post = { ...post, evergreen: rule.value ?? null, updatedAt: now };
  return ok({ post: next, events: postEditedEvents(post, next, now) });
}

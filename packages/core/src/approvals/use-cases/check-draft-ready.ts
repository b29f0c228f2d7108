import { err, ok, type Result } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import {
  type Actor,
  actorOwner,
  actorWorkspaceId,
  checkCanSchedule,
  postQuotaOf,
} from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import {
  type CheckedContent,
  type CreatePostsDeps,
  checkCreatorOptions,
  checkPostContent,
  type Post,
  type QueueRequest,
  queueRequestFor,
  refuseRepeats,
  resolveTargets,
} from '../../posts/index.js';

/** A draft that would publish: its target accounts, its checked content and when it would go out. */
export type ReadyDraft = {
  readonly targets: readonly ConnectedAccount[];
  readonly content: CheckedContent;
  /** For a queued draft, a placeholder: its rows take their slots in the approval's transaction. */
  readonly scheduledTime: Date;
  /** The targets' slots a queued draft goes into; null for a draft with its own time. */
  readonly queue: QueueRequest | null;
};

/**
 * Runs on a draft every check a created post passes (the owner's plan, the targets, the content
 * policy with its media, the TikTok creators' live options, the scheduling quota for the rows it
 * becomes, and the duplicate-content check), so a reviewer is never asked to approve a post that
 * cannot publish, and an approval never schedules one. A queued draft (or one a reviewer approves
 * into the queue, `queue`) needs slots on every target (`no_posting_slots`); its repeats are
 * judged in the approval's transaction, once its slots are known. Writes nothing.
 */
export async function checkDraftReady(
  deps: CreatePostsDeps,
  actor: Actor,
  draft: Post,
  queue: boolean = draft.queued,
): Promise<Result<ReadyDraft, SvcError>> {
  const now = deps.clock.now();
  const entitled = checkCanSchedule(actorOwner(actor), now);
  if (entitled.isErr()) return err(entitled.error);
  if (draft.profileIds.length === 0) {
    return err(
      svcError(
        'invalid_profile_ids',
        `Post ${draft.id} has no target accounts, so it would publish nowhere. Save a draft with profile_ids.`,
        { postId: draft.id, field: 'profileIds' },
      ),
    );
  }
  const targets = await resolveTargets(deps.store.accounts, actor, draft.platforms, draft.profileIds);
  if (targets.isErr()) return err(targets.error);
  const content = await checkPostContent(deps, actorOwner(actor), draft, 'refuse');
  if (content.isErr()) return err(content.error);
  const creators = await checkCreatorOptions(deps, draft, content.value.media, targets.value);
  if (creators.isErr()) return err(creators.error);

  // The draft took its slot when it was saved; each further account takes one more.
  const { limit, windowStart } = postQuotaOf(actorOwner(actor), now, deps.planLimits);
  const used = await deps.store.posts.quotaUsed(actorWorkspaceId(actor), windowStart);
  const more = targets.value.length - 1;
  if (used + more > limit) {
    return err(
      svcError(
        'quota_exceeded',
        `Scheduling quota reached: ${used} of ${limit} posts this month, and this draft needs ${more} more for its ${targets.value.length} accounts. Upgrade the plan, or drop accounts from the draft.`,
        { used, limit, needed: more },
      ),
    );
  }
  if (queue) {
    const slots = await queueRequestFor(deps, targets.value, now);
    if (slots.isErr()) return err(slots.error);
    return ok({
      targets: targets.value,
      content: content.value,
      scheduledTime: deps.publisher.nextRunAt(now),
      queue: slots.value,
    });
  }
  const scheduledTime =
    draft.scheduledTime !== null && draft.scheduledTime.getTime() > now.getTime()
      ? draft.scheduledTime
      : deps.publisher.nextRunAt(now);
  const rows = targets.value.map((account) => ({
    ...draft,
    platforms: [account.platform],
    profileIds: [account.id],
    scheduledTime,
  }));
  const repeats = await refuseRepeats(deps, rows, null);
  if (repeats.isErr()) return err(repeats.error);
  return ok({ targets: targets.value, content: content.value, scheduledTime, queue: null });
}

import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { ConnectedAccount } from '../../accounts/index.js';
import { actorOwner, planHolderOf, postQuotaOf, workspaceOperator } from '../../identity/index.js';
import { actedBy, type DomainEvent, type EventActor, OPERATOR_ACTOR } from '../../journal/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import {
  type CreatePostsDeps,
  can,
  type Post,
  prepareForTargets,
  repeatError,
  scheduledEvents,
  transition,
} from '../../posts/index.js';
import { type StepDecider, stepRefusal } from '../../teams/index.js';
import type { Approval, ApprovalStep } from '../approval.js';
import { currentStep, isLastStep, stepsAfter, stepsOf } from '../approval-steps.js';
import type { ApprovalDecision } from '../ports/approval-store.js';
import { checkDraftReady } from './check-draft-ready.js';

/** An operator's decision: `id` is an approval id (`appr_…`) or the id of the post under review. */
export type DecideApprovalInput = {
  readonly id: string;
  readonly approve: boolean;
  readonly note?: string | null;
  /**
   * Approve into the queue: each row takes its account's next free slot, as for a draft saved with
   * `queue: true` (which is approved so whatever this says), instead of the draft's own time.
   */
  readonly queue?: boolean;
  /**
   * Who decided, when not the owner or the operator: recorded as `decidedBy` in the decision's
   * journal events ("review link rev_… (Ann)").
   */
  readonly decidedBy?: string;
  /**
   * The member deciding (the console, REST): they must be named by the open step's reviewer rule
   * and not be the requester (`reviewer_not_allowed`). Absent for the operator and review links,
   * which decide the open step as they always decided the approval.
   */
  readonly reviewer?: StepDecider;
  /** Who decided, as the journal records it on every event of the decision: the operator when absent. */
  readonly actor?: EventActor;
};

/** The decided approval and the post as it now stands (the first row, for a multi-target draft). */
export type ApprovalDecided = {
  readonly approval: Approval;
  readonly post: Post;
  /** Every post row the approval scheduled (one per target account); empty when rejected. */
  readonly scheduledPostIds: readonly string[];
  /** Those rows as scheduled, each with its account and time (a queued one's is the slot it took). */
  readonly scheduledPosts: readonly Post[];
};

type Deps = CreatePostsDeps;

/**
 * Decides the open review step of a pending approval (docs/teams.md, "Approval policy"). A step
 * before the last, approved, opens the next one and changes nothing else. The last step, approved,
 * approves the draft; any step rejected rejects it.
 *
 * Approving the draft Approving runs every check
 * of post creation again on the draft as it now stands (see checkDraftReady: plan, targets,
 * content, TikTok creator options, quota, repeats), prepares each platform's media (converted,
 * padded) and then, in one transaction, schedules the draft — at its scheduledTime if that is
 * still ahead, else at the next publisher run — adds one row per further target account within
 * the scheduling quota, and records the decision. A queued draft (or `queue`) takes each account's
 * next free slot instead, inside that transaction. Rejecting returns the post to `draft` with the
 * reviewer's note.
 */
export function decideApproval(
  deps: Deps,
  input: DecideApprovalInput,
): ResultAsync<ApprovalDecided, SvcError> {
  return new ResultAsync(decide(deps, input));
}

async function decide(deps: Deps, input: DecideApprovalInput): Promise<Result<ApprovalDecided, SvcError>> {
  const now = deps.clock.now();
  const approval = await findApproval(deps, input.id);
  if (approval === null) {
    return err(
      svcError('approval_not_found', `No approval ${input.id}, and no post under review with that id.`, {
        id: input.id,
      }),
    );
  }
  if (approval.status !== 'pending') {
    return err(
      svcError('invalid_post_state', `Approval ${approval.id} was already ${approval.status}.`, {
        approvalId: approval.id,
        status: approval.status,
      }),
    );
  }
  const post = await deps.store.posts.getPost(approval.postId);
  if (post === null) return err(svcError('post_not_found', `Post ${approval.postId} not found.`));
  const steps = stepsOf(approval);
  const open = currentStep(steps);
  if (open === null) return err(raced(post));
  if (input.reviewer !== undefined) {
    const refusal = stepRefusal(open.reviewer, input.reviewer, approval.requesterId ?? null);
    if (refusal !== null) return err(notReviewer(approval, open, refusal));
  }
  const note = input.note?.trim() || null;
  const by = input.decidedBy;
  const after = stepsAfter(steps, open.step, {
    approve: input.approve,
    by: by ?? input.reviewer?.userId ?? 'operator',
    note,
    at: now,
  });
  const decision = { reviewerNote: note, decidedAt: now, step: open.step, steps: after };
  const decider = input.actor ?? OPERATOR_ACTOR;
  const stamped = (events: readonly DomainEvent[]): DomainEvent[] =>
    actedBy(
      decider,
      by === undefined ? events : events.map((e) => ({ ...e, data: { ...e.data, decidedBy: by } })),
    );

  if (!input.approve) {
    const moved = transition(post, { type: 'reject', at: now });
    if (moved.isErr()) return err(moved.error);
    const stored = await deps.store.posts.updatePost(
      moved.value.post,
      post.version,
      stamped(moved.value.events),
    );
    if (stored === null) return err(raced(post));
    const decided = await deps.store.approvals.decideApproval(approval.id, {
      status: 'rejected',
      ...decision,
    });
    if (decided === null) return err(raced(post));
    return ok({ approval: decided, post: stored, scheduledPostIds: [], scheduledPosts: [] });
  }
  if (!isLastStep(steps, open.step)) {
    // An earlier step: the post stays awaiting review, now for the next step's reviewer.
    const advanced = await deps.store.approvals.advanceApproval(approval.id, open.step, after);
    if (advanced === null) return err(raced(post));
    return ok({ approval: advanced, post, scheduledPostIds: [], scheduledPosts: [] });
  }
  return approve(
    deps,
    approval,
    post,
    { status: 'approved', ...decision },
    { intoQueue: input.queue === true, decider, stamped },
  );
}

async function approve(
  deps: Deps,
  approval: Approval,
  post: Post,
  decision: ApprovalDecision,
  {
    intoQueue,
    decider,
    stamped,
  }: {
    readonly intoQueue: boolean;
    readonly decider: EventActor;
    readonly stamped: (events: readonly DomainEvent[]) => DomainEvent[];
  },
): Promise<Result<ApprovalDecided, SvcError>> {
  if (!can(post, 'approve')) {
    return err(
      svcError('invalid_post_state', `Post ${post.id} is no longer awaiting approval.`, { postId: post.id }),
    );
  }
  const holder = await planHolderOf(deps, post.ownerId);
  if (holder === null)
    return err(svcError('user_not_found', `The owner of post ${post.id} no longer exists.`));
  // The reviewer acts for the workspace: its accounts and its plan holder's plan count now.
  const actor = workspaceOperator(holder, post.ownerId, approval.requestedBy);
  const owner = actorOwner(actor);
  const ready = await checkDraftReady(deps, actor, post, post.queued || intoQueue);
  if (ready.isErr()) return err(ready.error);
  const { targets, content, scheduledTime, queue } = ready.value;
  const media = await prepareForTargets(deps, owner, post, content, targets);
  if (media.isErr()) return err(media.error);
  // The draft row goes to the first account; the approval's events are about it as it goes.
  const rowFor = (account: ConnectedAccount): Post => ({
    ...post,
    platforms: [account.platform],
    profileIds: [account.id],
    media: [...(media.value.media.get(account.platform) ?? post.media)],
  });
  const [firstTarget, ...others] = targets as [ConnectedAccount, ...ConnectedAccount[]];
  const moved = transition(rowFor(firstTarget), { type: 'approve', at: decision.decidedAt, scheduledTime });
  if (moved.isErr()) return err(moved.error);
  const first = moved.value.post;
  const now = decision.decidedAt;
  const siblings = others.map((account) => ({
    ...first,
    ...rowFor(account),
    status: first.status,
    queued: first.queued,
    scheduledTime: first.scheduledTime,
    dueAt: first.dueAt,
    updatedAt: now,
    id: deps.ids.id('post'),
    createdAt: now,
    version: 0,
  }));
  const outcome = await deps.store.posts.approveDraft({
    ownerId: owner.id,
    draft: first,
    expectedVersion: post.version,
    siblings,
    approvalId: approval.id,
    decision,
    quota: postQuotaOf(owner, now, deps.planLimits),
    events: stamped([...moved.value.events, ...scheduledEvents(siblings, now)]),
    // A queued approval's events are made again in the transaction: they name the decider too.
    actor: decider,
    ...(queue === null ? {} : { queue }),
  });
  switch (outcome.kind) {
    case 'conflict':
      return err(raced(post));
    case 'quota_exceeded':
      return err(
        svcError(
          'quota_exceeded',
          `Scheduling quota reached: ${outcome.used} of ${outcome.limit} posts this month, and approving post ${post.id} needs ${siblings.length} more. Upgrade the plan or reject it.`,
          { used: outcome.used, limit: outcome.limit, needed: siblings.length },
        ),
      );
    case 'duplicate_content':
      return err(repeatError(outcome.post, outcome.earlier, null));
    case 'no_free_slot':
      return err(outcome.error);
    case 'approved':
      // A queued row's time is its slot, not the placeholder.
      deps.publisher.postsDue(earliest([outcome.post, ...outcome.siblings], scheduledTime));
      return ok({
        approval: outcome.approval,
        post: outcome.post,
        scheduledPostIds: [outcome.post.id, ...outcome.siblings.map((p) => p.id)],
        scheduledPosts: [outcome.post, ...outcome.siblings],
      });
  }
}

// The earliest time of the approved rows (each has one once scheduled).
function earliest(posts: readonly Post[], fallback: Date): Date {
  return new Date(Math.min(...posts.map((p) => p.scheduledTime?.getTime() ?? fallback.getTime())));
}

async function findApproval(deps: Deps, id: string): Promise<Approval | null> {
  return (await deps.store.approvals.getApproval(id)) ?? deps.store.approvals.getLatestForPost(id);
}

/** `reviewer_not_allowed`: the member is not the open step's reviewer, or asked for the approval. */
function notReviewer(
  approval: Approval,
  open: ApprovalStep,
  refusal: 'not_reviewer' | 'own_request',
): SvcError {
  const who =
    'userId' in open.reviewer
      ? `member ${open.reviewer.userId}`
      : `a member with the role ${open.reviewer.role} or above`;
  const message =
    refusal === 'own_request'
      ? `You asked for approval ${approval.id}, so someone else must decide it.`
      : `Step ${open.step} of approval ${approval.id} is for ${who} to decide.`;
  return svcError('reviewer_not_allowed', message, {
    approvalId: approval.id,
    step: open.step,
    reason: refusal,
    reviewer: open.reviewer,
  });
}

function raced(post: Post): SvcError {
  return svcError('invalid_post_state', `Post ${post.id} was decided or changed by someone else just now.`, {
    postId: post.id,
  });
}

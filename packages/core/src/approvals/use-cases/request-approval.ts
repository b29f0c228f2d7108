import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { type Actor, actorWorkspaceId } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import {
  type CreatePostsDeps,
  type Post,
  postChangedWhile,
  transition,
  useCaseOnLivePost,
  writeChangeBy,
} from '../../posts/index.js';
import { approvalPolicyOf } from '../../teams/index.js';
import type { Approval, ApprovalStep } from '../approval.js';
import { openingSteps } from '../approval-steps.js';
import { checkDraftReady } from './check-draft-ready.js';

/** What `svc_request_post_approval` asks for. */
export type RequestApprovalInput = { readonly postId: string; readonly note?: string | null };

/** What `svc_request_post_approval` answers. */
export type ApprovalRequested = {
  readonly approvalId: string;
  readonly postId: string;
  readonly status: 'pending';
  /** The review steps it goes through, the first awaiting review. */
  readonly steps: readonly ApprovalStep[];
};

type Deps = CreatePostsDeps;

/**
 * Sends a draft for review (spec 3): the post moves `draft` → `pending_approval` and an approval
 * record is created with the review steps of the workspace's approval policy, for its reviewers
 * (or the operator, `svc approvals decide`) to decide. Only a draft that could
 * publish as it stands is sent (see checkDraftReady); the refusal names what is missing.
 */
export function requestApproval(
  deps: Deps,
  actor: Actor,
  input: RequestApprovalInput,
): ResultAsync<ApprovalRequested, SvcError> {
  return useCaseOnLivePost(deps.store.posts, actor, 'approval:request', input.postId, (post) =>
    request(deps, actor, post, input),
  );
}

async function request(
  deps: Deps,
  actor: Actor,
  post: Post,
  input: RequestApprovalInput,
): Promise<Result<ApprovalRequested, SvcError>> {
  const now = deps.clock.now();
  if (post.status === 'draft') {
    const ready = await checkDraftReady(deps, actor, post);
    if (ready.isErr()) return err(notReady(ready.error));
  }
  // The workspace's policy as it stands now gives the request its steps; changing the policy
  // later leaves requests already sent as they were.
  const { policy, saved } = await approvalPolicyOf(deps, actorWorkspaceId(actor));
  const moved = transition(post, { type: 'request_approval', at: now });
  if (moved.isErr()) return err(notADraft(moved.error, post.status));
  const stored = await writeChangeBy(deps.store.posts, actor, post, moved.value);
  if (stored === null) {
    return err(postChangedWhile(post.id, 'sending it for approval'));
  }
  const note = input.note?.trim() ?? '';
  const approval: Approval = {
    id: deps.ids.id('appr'),
    postId: post.id,
    ownerId: post.ownerId,
    status: 'pending',
    requestNote: note === '' ? null : note,
    reviewerNote: null,
    requestedAt: now,
    decidedAt: null,
    requestedBy: actor.credentialId,
    steps: openingSteps(policy),
    requesterId: saved ? actor.user.id : null,
  };
  await deps.store.approvals.insertApproval(approval);
  return ok({ approvalId: approval.id, postId: post.id, status: 'pending', steps: approval.steps ?? [] });
}

/** A check's refusal, said as what keeps the draft from review. */
function notReady(error: SvcError): SvcError {
  return { ...error, message: `The draft cannot be sent for review yet: ${error.message}` };
}

/** The state machine's refusal, with what to do in the state the post is in. */
function notADraft(error: SvcError, status: string): SvcError {
  const advice =
    status === 'pending_approval'
      ? 'It is already awaiting review; check it with svc_get_post_approval_status.'
      : 'Only drafts go through approval: save one with svc_draft_post. A scheduled post can be changed with svc_update_scheduled_post.';
  return { ...error, message: `${error.message} ${advice}` };
}

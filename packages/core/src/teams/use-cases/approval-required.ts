import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorMember, actorWorkspaceId } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { type ApprovalRequester, mustAskForApproval } from '../must-ask-for-approval.js';
import { approvalPolicyOf } from './approval-policy.js';

/** The actor as the approval policy sees it: role, and whether an agent or a marked key acts. */
export function approvalRequester(actor: Actor): ApprovalRequester {
  return {
    role: actorMember(actor).role,
    agent: actor.oauthScopes !== undefined,
    markedKey: actor.needsApproval === true,
  };
}

/**
 * `approval_required` (403) when the workspace's policy makes this actor draft and ask for
 * approval rather than schedule directly; null when they may schedule. Creating scheduled or
 * queued posts (REST, tools, console, bulk import) asks this before anything is written.
 */
export async function approvalRequiredRefusal(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): Promise<SvcError | null> {
  const { policy } = await approvalPolicyOf(deps, actorWorkspaceId(actor));
  const requester = approvalRequester(actor);
  if (!mustAskForApproval(policy, requester)) return null;
  return svcError(
    'approval_required',
    `This workspace requires approval for your posts (policy: ${policy.requiredFor}): save a draft (svc_draft_post, POST /api/v1/drafts) and request approval (svc_request_post_approval) instead of scheduling directly.`,
    { requiredFor: policy.requiredFor },
  );
}

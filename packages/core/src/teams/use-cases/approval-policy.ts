import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorWorkspaceId, useCase } from '../../identity/index.js';
import { type SvcError, schemaIssues, svcError } from '../../kernel/index.js';
import { memberCan } from '../../roles/index.js';
import {
  type ApprovalPolicy,
  approvalPolicySchema,
  DEFAULT_APPROVAL_POLICY,
  type ReviewerRule,
} from '../approval-policy.js';

/** A workspace's approval policy as read: `saved` is false while the default applies. */
export type ApprovalPolicyView = { readonly policy: ApprovalPolicy; readonly saved: boolean };

/** The policy in force in a workspace: its saved one, else the default. */
export async function approvalPolicyOf(
  deps: Pick<CoreDeps, 'store'>,
  workspaceId: string,
): Promise<ApprovalPolicyView> {
  const saved = await deps.store.workspaces.getApprovalPolicy(workspaceId);
  return saved === null ? { policy: DEFAULT_APPROVAL_POLICY, saved: false } : { policy: saved, saved: true };
}

/** The credential's workspace's approval policy (`member:read`: any member may read it). */
export function getApprovalPolicy(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<ApprovalPolicyView, SvcError> {
  return useCase(actor, 'member:read', async () => ok(await approvalPolicyOf(deps, actorWorkspaceId(actor))));
}

/**
 * Sets the credential's workspace's approval policy (`approval-policy:manage`: admins and owners).
 * Every step must be decidable: a named reviewer must be a member who may decide approvals, and a
 * role must be one that may (`invalid_approval_policy` otherwise), so no request can get stuck.
 * Requests already sent keep the steps they were sent with.
 */
export function setApprovalPolicy(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  input: unknown,
): ResultAsync<ApprovalPolicyView, SvcError> {
  return useCase(
    actor,
    { scope: 'member:write', action: 'approval-policy:manage' },
    async (): Promise<Result<ApprovalPolicyView, SvcError>> => {
      const parsed = approvalPolicySchema.safeParse(input);
      if (!parsed.success) {
        return err(
          svcError('validation_failed', `Not an approval policy: ${parsed.error.issues[0]?.message ?? ''}`, {
            issues: schemaIssues(parsed.error),
          }),
        );
      }
      const workspaceId = actorWorkspaceId(actor);
      for (const [index, rule] of parsed.data.steps.entries()) {
        const problem = await undecidable(deps, workspaceId, rule);
        if (problem !== null) {
          return err(
            svcError('invalid_approval_policy', `Step ${index + 1}: ${problem}`, { step: index + 1 }),
          );
        }
      }
      await deps.store.workspaces.setApprovalPolicy(
        workspaceId,
        parsed.data,
        deps.clock.now(),
        actor.user.id,
      );
      return ok({ policy: parsed.data, saved: true });
    },
  );
}

/** Why no one could ever decide a step with this rule; null when someone can. */
async function undecidable(
  deps: Pick<CoreDeps, 'store'>,
  workspaceId: string,
  rule: ReviewerRule,
): Promise<string | null> {
  if ('role' in rule) {
    return memberCan({ workspaceId, role: rule.role, accountIds: null }, 'approval:decide')
      ? null
      : `members with the role ${rule.role} may not decide approvals; choose editor, admin or owner.`;
  }
  const member = await deps.store.workspaces.getMember(workspaceId, rule.userId);
  if (member === null) return `${rule.userId} is not a member of this workspace.`;
  return memberCan(member, 'approval:decide')
    ? null
    : `${rule.userId} is a ${member.role}, who may not decide approvals.`;
}

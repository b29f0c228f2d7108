import { z } from 'zod';
import { type Role, roleSchema } from '../roles/index.js';

/**
 * Whose posts must go through approval before they are scheduled (docs/teams.md, "Approval
 * policy"). Each choice includes contributors, who can never schedule anyway:
 * - `contributors`: only them (the default, today's behaviour);
 * - `agents`: also anything an agent does through an OAuth grant;
 * - `keys_marked`: also anything done with an API key created with "needs approval";
 * - `everyone`: every member, owners included.
 */
export const APPROVAL_REQUIRED_FOR = ['contributors', 'agents', 'keys_marked', 'everyone'] as const;

/** One of APPROVAL_REQUIRED_FOR. */
export type ApprovalRequiredFor = (typeof APPROVAL_REQUIRED_FOR)[number];

/**
 * Who decides a review step: one named member (`userId`), or any member with `role` or a more
 * trusted one (so `editor` is every editor, admin and owner).
 */
export type ReviewerRule = { readonly userId: string } | { readonly role: Role };

/** Schema of a reviewer rule, for requests and stored policies. */
export const reviewerRuleSchema = z.union([
  z.strictObject({ userId: z.string().min(1) }),
  z.strictObject({ role: roleSchema }),
]);

/** The most review steps a policy may have. */
export const MAX_REVIEW_STEPS = 2;

/** A workspace's approval policy: who must ask, and the one or two steps a request goes through. */
export type ApprovalPolicy = {
  readonly requiredFor: ApprovalRequiredFor;
  /** In order: step 2 opens only once step 1 approved. */
  readonly steps: readonly ReviewerRule[];
};

/** Schema of a policy as a request gives it and a store keeps it. */
export const approvalPolicySchema = z.strictObject({
  requiredFor: z.enum(APPROVAL_REQUIRED_FOR),
  steps: z.array(reviewerRuleSchema).min(1).max(MAX_REVIEW_STEPS),
});

/**
 * The policy of a workspace that saved none: today's behaviour, one step decided by any member
 * who may decide approvals (`approval:decide`: editors, admins, owners).
 */
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = {
  requiredFor: 'contributors',
  steps: [{ role: 'editor' }],
};

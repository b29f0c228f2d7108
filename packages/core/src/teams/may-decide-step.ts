import { ROLE_MATRIX, ROLES, type Role } from '../roles/index.js';
import type { ReviewerRule } from './approval-policy.js';

/** The member who wants to decide a review step. */
export type StepDecider = { readonly userId: string; readonly role: Role };

/** Why a member may not decide a step: not its reviewer, or the one who asked. */
export type StepRefusal = 'not_reviewer' | 'own_request';

/**
 * Whether a reviewer rule names this member: the named member, or a member whose role is the
 * rule's or more trusted. Either way the member must also hold `approval:decide`.
 */
export function ruleNames(rule: ReviewerRule, decider: StepDecider): boolean {
  if (!ROLE_MATRIX['approval:decide'].roles.includes(decider.role)) return false;
  if ('userId' in rule) return rule.userId === decider.userId;
  return ROLES.indexOf(decider.role) <= ROLES.indexOf(rule.role);
}

/**
 * May this member decide the step with this rule? Null when they may, else why not. A requester
 * never decides a step of their own request (`requesterId`: the member who asked; null when the
 * request was made under the default policy, which keeps today's behaviour of a person approving
 * what their own agents and keys drafted).
 */
export function stepRefusal(
  rule: ReviewerRule,
  decider: StepDecider,
  requesterId: string | null,
): StepRefusal | null {
  if (requesterId !== null && requesterId === decider.userId) return 'own_request';
  return ruleNames(rule, decider) ? null : 'not_reviewer';
}

import type { Approval } from '../approval.js';
import { openStepNumber } from '../approval-steps.js';
import type { ApprovalDecision } from '../ports/approval-store.js';

/**
 * The approval a store writes for a decision, or null when the decision is refused: the approval
 * is no longer pending at the decided step. The memory store applies it as is; the SQL stores say
 * the same in one guarded UPDATE.
 */
export function decidedApproval(approval: Approval, decision: ApprovalDecision): Approval | null {
  if (openStepNumber(approval) !== (decision.step ?? 1)) return null;
  const { step: _step, steps, ...verdict } = decision;
  return { ...approval, ...verdict, ...(steps === undefined ? {} : { steps: [...steps] }) };
}

/** The approval after an earlier step approved (see ApprovalStore.advanceApproval), or null. */
export function advancedApproval(
  approval: Approval,
  step: number,
  steps: Approval['steps'],
): Approval | null {
  if (openStepNumber(approval) !== step) return null;
  return { ...approval, ...(steps === undefined ? {} : { steps: [...steps] }) };
}

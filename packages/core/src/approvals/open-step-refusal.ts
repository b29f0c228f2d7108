import { type Actor, actorMember } from '../identity/index.js';
import { type StepRefusal, stepRefusal } from '../teams/index.js';
import type { ApprovalStep } from './approval.js';
import { currentStep } from './approval-steps.js';

/**
 * Why this actor may not decide the open step of an approval (see stepRefusal), or null when they
 * may; `closed` once no step is open. Pages ask it to offer the decision only to its reviewer;
 * deciding checks the same again (`decideApproval`).
 */
export function openStepRefusal(
  actor: Actor,
  approval: { readonly steps: readonly ApprovalStep[]; readonly requesterId: string | null },
): StepRefusal | 'closed' | null {
  const open = currentStep(approval.steps);
  if (open === null) return 'closed';
  return stepRefusal(
    open.reviewer,
    { userId: actor.user.id, role: actorMember(actor).role },
    approval.requesterId,
  );
}

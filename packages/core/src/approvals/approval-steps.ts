import type { ApprovalPolicy } from '../teams/index.js';
import type { Approval, ApprovalStep } from './approval.js';

// The review steps of an approval as pure decisions: the steps a request opens with, which is
// open now, and the steps after a decision. Step 2 opens only once step 1 approved; a rejection
// at any step ends the request, the steps after it skipped.

/** The steps a request opens with under a policy: the first awaiting review, the rest waiting. */
export function openingSteps(policy: ApprovalPolicy): ApprovalStep[] {
  return policy.steps.map((reviewer, index) => ({
    step: index + 1,
    reviewer,
    status: index === 0 ? 'awaiting_review' : 'waiting',
    decidedBy: null,
    note: null,
    decidedAt: null,
  }));
}

/**
 * An approval's steps. One requested before steps existed had a single step, decided by any
 * member who may decide approvals; it is rebuilt from the approval's own status, note and time.
 */
export function stepsOf(approval: Approval): ApprovalStep[] {
  if (approval.steps !== undefined && approval.steps.length > 0) return [...approval.steps];
  return [
    {
      step: 1,
      reviewer: { role: 'editor' },
      status: approval.status === 'pending' ? 'awaiting_review' : approval.status,
      decidedBy: null,
      note: approval.reviewerNote,
      decidedAt: approval.decidedAt,
    },
  ];
}

/** The step open for a decision; null once the approval is decided. */
export function currentStep(steps: readonly ApprovalStep[]): ApprovalStep | null {
  return steps.find((s) => s.status === 'awaiting_review') ?? null;
}

/** A decision on the open step: approve or reject, by whom, with what note, when. */
export type StepVerdict = {
  readonly approve: boolean;
  readonly by: string;
  readonly note: string | null;
  readonly at: Date;
};

/**
 * The steps after `verdict` on step `step`: it is decided; approved, the next step opens; rejected,
 * the steps after it are skipped.
 */
export function stepsAfter(
  steps: readonly ApprovalStep[],
  step: number,
  verdict: StepVerdict,
): ApprovalStep[] {
  return steps.map((s): ApprovalStep => {
    if (s.step === step) {
      return {
        ...s,
        status: verdict.approve ? 'approved' : 'rejected',
        decidedBy: verdict.by,
        note: verdict.note,
        decidedAt: verdict.at,
      };
    }
    if (s.step === step + 1 && verdict.approve) return { ...s, status: 'awaiting_review' };
    if (s.step > step && !verdict.approve) return { ...s, status: 'skipped' };
    return s;
  });
}

/** Whether `step` is the approval's last: approving it schedules the post. */
export function isLastStep(steps: readonly ApprovalStep[], step: number): boolean {
  return steps.every((s) => s.step <= step);
}

/** The number of the step open for a decision (1 for an approval from before steps). */
export function openStepNumber(approval: Approval): number | null {
  return approval.status === 'pending' ? (currentStep(stepsOf(approval))?.step ?? 1) : null;
}

import type { ApprovalStep } from './approval.js';

/** Who a step's rule names, in words. */
export function reviewerWords(step: ApprovalStep): string {
  return 'userId' in step.reviewer ? `member ${step.reviewer.userId}` : `any ${step.reviewer.role} or above`;
}

/**
 * The review steps in one sentence, for the agent tools' summaries: "step 1 of 2 (any editor or
 * above): approved by user_…; step 2 of 2 (member user_…): awaiting review".
 */
export function stepsSummary(steps: readonly ApprovalStep[]): string {
  return steps
    .map((s) => {
      const by = s.decidedBy === null ? '' : ` by ${s.decidedBy}`;
      const note = s.note === null ? '' : ` ("${s.note}")`;
      return `step ${s.step} of ${steps.length} (${reviewerWords(s)}): ${s.status.replace('_', ' ')}${by}${note}`;
    })
    .join('; ');
}

// @svc/core/approvals — Drafts and approvals: an agent's draft, the request for approval and the person's decision.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  APPROVAL_STATUSES,
  APPROVAL_STEP_STATUSES,
  type Approval,
  type ApprovalStatus,
  type ApprovalStep,
  approvalSchema,
  approvalStepSchema,
} from './approval.js';
export {
  currentStep,
  isLastStep,
  openingSteps,
  openStepNumber,
  type StepVerdict,
  stepsAfter,
  stepsOf,
} from './approval-steps.js';
export { openStepRefusal } from './open-step-refusal.js';
export type { ApprovalDecision, ApprovalStore } from './ports/approval-store.js';
export type { ApproveDraftTx } from './ports/approve-draft-tx.js';
export type {
  ApprovedDraftBatch,
  ApprovedDraftOutcome,
  DraftApprovalStore,
} from './ports/draft-approval-store.js';
export type { ReviewLinkStore } from './ports/review-link-store.js';
export {
  formatReviewLinkToken,
  parseReviewLinkToken,
  REVIEW_LINK_DEFAULT_MS,
  REVIEW_LINK_MAX_MS,
  REVIEW_LINK_MAX_POSTS,
  REVIEW_NOTE_MAX_CHARS,
  REVIEWER_NAME_MAX_CHARS,
  type ReviewLink,
  type ReviewLinkDecision,
  type ReviewLinkState,
  reviewLinkActor,
  reviewLinkEventActor,
  reviewLinkSchema,
  reviewLinkState,
} from './review-link.js';
export { REVIEW_SESSION_MS, reviewSessionUntil } from './review-session-until.js';
export { reviewerWords, stepsSummary } from './steps-summary.js';
export {
  approvalStatusJson,
  approvalStatusSchema,
  approvalStepJson,
  approvalStepJsonSchema,
} from './use-cases/approval-status-answer.js';
export {
  approveDraftScript,
  conflictOnLostApproval,
  LostApprovalRace,
} from './use-cases/approve-draft-script.js';
export { type CreateDraftInput, createDraft } from './use-cases/create-draft.js';
export {
  type ApprovalDecided,
  type DecideApprovalInput,
  decideApproval,
} from './use-cases/decide-approval.js';
export { advancedApproval, decidedApproval } from './use-cases/decided-approval.js';
export {
  DRAFT_TONES,
  type DraftTone,
  draftCaption,
  PROMOTIONAL_CALL_TO_ACTION,
} from './use-cases/draft-caption.js';
export {
  type ApprovalStatusView,
  approvalStatusView,
  getApprovalStatus,
} from './use-cases/get-approval-status.js';
export {
  type ApprovalRequested,
  type RequestApprovalInput,
  requestApproval,
} from './use-cases/request-approval.js';
export { reviewApproval } from './use-cases/review-approval.js';
export { type ReviewLinkStanding, reviewLinkStandings } from './use-cases/review-link-standings.js';
export {
  type CreatedReviewLink,
  type CreateReviewLinkInput,
  createReviewLink,
  listReviewLinks,
  reviewablePost,
  revokeReviewLink,
} from './use-cases/review-links.js';
export {
  decideThroughReviewLink,
  openReviewLink,
  type ReviewDecisionInput,
  type ReviewItem,
  type ReviewView,
  reviewThumbnail,
  reviewView,
} from './use-cases/review-through-link.js';

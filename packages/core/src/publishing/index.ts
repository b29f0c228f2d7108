// @svc/core/publishing — Publishing: the next step of a publish, its failures and retries, and the signal that wakes the publisher.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  decideAfterRefresh,
  decidePublishStep,
  HOLD_WAITS_UP_TO_MS,
  type PublishDecision,
  type PublishLimits,
  releaseOnStop,
  type StepContext,
} from './decide-publish-step.js';
export {
  afterFirstComment,
  FIRST_COMMENT_MAX_TRIES,
  type FirstCommentAnswer,
  type FirstCommentJob,
  type FirstCommentLookup,
  type FirstComments,
  firstCommentMark,
  markFirstComment,
  publishedWith,
  type SavedPublish,
  savedPublishOf,
  withPublished,
} from './first-comment.js';
export type { PublishGateway } from './ports/publish-gateway.js';
export type { PublisherSignal } from './ports/publisher-signal.js';
export { type PublishFailureCode, publishFailure } from './publish-failures.js';
export type { PublishJob, PublishMedia, PublishStep } from './publish-step.js';
export { retryDelayMs } from './retry-delay.js';
export {
  afterThreadPartStep,
  type NextThreadPart,
  nextThreadPart,
  THREAD_PART_MAX_TRIES,
} from './thread-chain.js';
export { type UnpublishableCause, unpublishableCause, unpublishableReason } from './unpublishable-reason.js';
export { type RetryPostDeps, type RetryPostInput, retryPost } from './use-cases/retry-post.js';

export {
  decideAfterRefresh,
  decidePublishStep,
  type PublishDecision,
  type PublishLimits,
  releaseOnStop,
  type StepContext,
} from './decide-publish-step.js';
export type { PublisherSignal } from './ports/publisher-signal.js';
export { type PublishFailureCode, publishFailure } from './publish-failures.js';
export { retryDelayMs } from './retry-delay.js';
export { type UnpublishableCause, unpublishableCause, unpublishableReason } from './unpublishable-reason.js';

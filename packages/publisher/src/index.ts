// The public API of @svc/publisher.

// The engine
export { createPublisher, type Publisher } from './engine/create-publisher.js';
export type { PublisherDeps, PublisherLogger } from './engine/publisher-deps.js';
export {
  type ConcurrencyLimits,
  DEFAULT_PUBLISHER_OPTIONS,
  type PublisherOptions,
} from './engine/publisher-options.js';
export { retryDelayMs } from './engine/retry-delay.js';

// Platform adapters

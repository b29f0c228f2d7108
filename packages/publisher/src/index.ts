// The public API of @svc/publisher.

// Kept for callers of an earlier version; the decision now lives in core.
export { retryDelayMs } from '@svc/core';
// The engine
export {
  type Collector,
  type CollectorOptions,
  createCollector,
  DEFAULT_COLLECTOR_OPTIONS,
} from './engine/create-collector.js';
export {
  type CommentReplier,
  type CommentReplierOptions,
  createCommentReplier,
  DEFAULT_COMMENT_REPLIER_OPTIONS,
} from './engine/create-comment-replier.js';
export {
  createMaintenanceSweeper,
  DEFAULT_SWEEP_INTERVAL_MS,
  type MaintenanceSweeper,
} from './engine/create-maintenance-sweeper.js';
export {
  createNotificationWorker,
  DEFAULT_NOTIFICATION_WORKER_OPTIONS,
  type NotificationWorker,
  type NotificationWorkerDeps,
  type NotificationWorkerOptions,
} from './engine/create-notification-worker.js';
export { createPublisher, type Publisher } from './engine/create-publisher.js';
export {
  createWebhookWorker,
  DEFAULT_WEBHOOK_WORKER_OPTIONS,
  type WebhookWorker,
  type WebhookWorkerDeps,
  type WebhookWorkerOptions,
} from './engine/create-webhook-worker.js';
export type { PublisherDeps, PublisherLogger } from './engine/publisher-deps.js';
export {
  type CommentReplyResult,
  NO_PUBLISHER_OBSERVER,
  type PublisherObserver,
  type PublishResult,
  type WebhookDeliveryResult,
} from './engine/publisher-observer.js';
export {
  type ConcurrencyLimits,
  DEFAULT_PUBLISHER_OPTIONS,
  type PublisherOptions,
} from './engine/publisher-options.js';
export { createFacebookGateway, type FacebookGatewayConfig } from './platforms/facebook/facebook-gateway.js';
export {
  createInstagramGateway,
  type InstagramGatewayConfig,
} from './platforms/instagram/instagram-gateway.js';
export type { MetaAppConfig } from './platforms/meta/meta-app-config.js';
export { META_DEFAULT_HOSTS } from './platforms/meta/meta-default-hosts.js';
// Platform adapters
export {
  type AdapterOptions,
  PLATFORM_ADAPTERS,
  type PlatformAdapter,
  type PlatformHosts,
  type ProbeOptions,
} from './platforms/platform-adapters.js';
export type { PlatformGatewayOptions } from './platforms/shared/platform-gateway-options.js';
export type { PlatformLinks } from './platforms/shared/platform-links.js';
export { createThreadsGateway, type ThreadsGatewayConfig } from './platforms/threads/threads-gateway.js';
export type { ThreadsMultiSlide } from './platforms/threads/to-threads-request.js';
export { TIKTOK_DEFAULT_HOSTS } from './platforms/tiktok/tiktok-default-hosts.js';
export {
  createTikTokGateway,
  DEFAULT_TIKTOK_PHOTO_RESEND_AFTER_MS,
  type TikTokGatewayConfig,
} from './platforms/tiktok/tiktok-gateway.js';
export { YOUTUBE_DEFAULT_HOSTS } from './platforms/youtube/youtube-default-hosts.js';
export { createYouTubeGateway, type YouTubeGatewayConfig } from './platforms/youtube/youtube-gateway.js';

// The public API of @svc/sandbox: simulators of the Instagram, Threads, Facebook Pages, TikTok
// Content Posting and YouTube Data APIs, with Instagram's comments, private replies and comment
// webhooks.
export { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';
export type {
  InstagramControl,
  SandboxCommentInput,
  SandboxCommentThread,
  SandboxCommentView,
} from './instagram-control.js';
export { INSTAGRAM_MIN_VIEWERS } from './instagram-insights.js';
export type { WebhookAttempt } from './instagram-state.js';
export { type WebhookVerification, webhookSignatures } from './instagram-webhooks.js';
export type { MetricsControl } from './metrics-control.js';
export type { GraphThrottleCode } from './metrics-failures.js';
export {
  type MintedSandboxAccount,
  type MintSandboxAccountInput,
  mintSandboxAccount,
} from './mint-sandbox-account.js';
export { SANDBOX_APPS, type SandboxApp } from './sandbox-apps.js';
export type { SandboxCall, SandboxCallPhase, SandboxInterceptor } from './sandbox-call.js';
export type { SandboxControl, SandboxQuotaName } from './sandbox-control.js';
export { SandboxControlError } from './sandbox-control-error.js';
export { SANDBOX_API_VERSIONS, type SandboxEndpoints, sandboxEndpoints } from './sandbox-endpoints.js';
export { type SandboxLinks, sandboxLinks } from './sandbox-links.js';
export type { SandboxPlatform, SandboxPublication, SandboxPublicationKind } from './sandbox-publication.js';
export type { SandboxAdmission, SandboxGate, SandboxRefusal } from './sandbox-router.js';
export type { InstagramWebhookConfig } from './sandbox-state.js';
export { simulatedFollowerCount } from './simulated-followers.js';
export {
  metricTimeConstantMs,
  SERVICE_METRIC_NAMES,
  SIMULATED_METRICS,
  simulatedMetric,
} from './simulated-metrics.js';
export type { TikTokCreatorSettings } from './tiktok-state.js';
export type { YouTubeControl } from './youtube-control.js';
export type { YouTubeChannelCondition } from './youtube-state.js';

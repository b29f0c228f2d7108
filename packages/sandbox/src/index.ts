// The public API of @svc/sandbox: simulators of the Instagram, Threads, Facebook Pages, TikTok
// Content Posting and YouTube Data APIs, with Instagram's comments, private replies and comment
// webhooks.
//
// Layout: one folder per platform (instagram/, threads/, facebook/, tiktok/, youtube/); meta/ holds
// the Graph pieces Instagram, Threads and Facebook share (containers, fields, insights, OAuth
// tokens); shared/ the router, context, state, pages, tokens and failure injection. Platform
// folders import shared/ and meta/, never each other; shared/ reaches into a platform folder only
// for the state it aggregates and the error envelope the router answers in. The files here wire
// them together.
export { createSandbox, type Sandbox } from './create-sandbox.js';
export type { SandboxOptions } from './create-sandbox-context.js';
export {
  SANDBOX_FACEBOOK_CONFIG_ID,
  SANDBOX_FACEBOOK_CONFIG_PERMISSIONS,
} from './facebook/facebook-state.js';
export type {
  InstagramControl,
  SandboxCommentInput,
  SandboxCommentThread,
  SandboxCommentView,
} from './instagram/instagram-control.js';
export { INSTAGRAM_MIN_VIEWERS } from './instagram/instagram-insights.js';
export type { WebhookAttempt } from './instagram/instagram-state.js';
export { type WebhookVerification, webhookSignatures } from './instagram/instagram-webhooks.js';
export type { SandboxControl, SandboxQuotaName } from './sandbox-control.js';
export type { GraphControl } from './shared/graph-control.js';
export type { GraphPlatform, InjectedGraphError } from './shared/graph-injections.js';
export type { MetricsControl } from './shared/metrics-control.js';
export type { GraphThrottleCode } from './shared/metrics-failures.js';
export {
  type MintedSandboxAccount,
  type MintSandboxAccountInput,
  mintSandboxAccount,
} from './shared/mint-sandbox-account.js';
export { SANDBOX_APPS, type SandboxApp } from './shared/sandbox-apps.js';
export type { SandboxCall, SandboxCallPhase, SandboxInterceptor } from './shared/sandbox-call.js';
export { SandboxControlError } from './shared/sandbox-control-error.js';
export { SANDBOX_API_VERSIONS, type SandboxEndpoints, sandboxEndpoints } from './shared/sandbox-endpoints.js';
export { type SandboxLinks, sandboxLinks } from './shared/sandbox-links.js';
export type {
  SandboxPlatform,
  SandboxPublication,
  SandboxPublicationKind,
} from './shared/sandbox-publication.js';
export type { SandboxAdmission, SandboxGate, SandboxRefusal } from './shared/sandbox-router.js';
export type { InstagramWebhookConfig } from './shared/sandbox-state.js';
export { simulatedFollowerCount } from './shared/simulated-followers.js';
export {
  metricTimeConstantMs,
  SERVICE_METRIC_NAMES,
  SIMULATED_METRICS,
  simulatedMetric,
} from './shared/simulated-metrics.js';
export type { TikTokCreatorSettings } from './tiktok/tiktok-state.js';
export type { YouTubeControl, YouTubeStoredVideo } from './youtube/youtube-control.js';
export type { YouTubeChannelCondition } from './youtube/youtube-state.js';

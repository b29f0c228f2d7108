// Test doubles and the store behaviour suite, shipped as tested code (import '@svc/core/testing').
export {
  aMediaAsset,
  anAccount,
  anApiKey,
  anAutomation,
  aPost,
  aUser,
  aWebhookDelivery,
  aWebhookMessage,
  aWebhookSubscription,
  seedMediaAsset,
} from './builders.js';
export { createFakeClock, type FakeClock } from './fake-clock.js';
export { blobKeyOf, createMemoryBlobStore, type MemoryBlobStore } from './memory-blob-store.js';
export { createMemoryStore } from './memory-store.js';
export {
  expectPreWorkspaceCredentialsWork,
  PRE_WORKSPACE,
  preWorkspaceKeyHash,
  preWorkspaceOAuthRecords,
  preWorkspaceSealedCredentials,
} from './pre-workspace-credentials-contract.js';
export { describeRateLimitStoreContract } from './rate-limit-contract.js';
export { createRecordingImageProcessor, type RecordingImageProcessor } from './recording-image-processor.js';
export {
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
  TEST_AUTOMATION_PERMISSIONS,
  TEST_POSTING_OPTIONS,
} from './recording-platform-gateway.js';
export {
  createRecordingPublisherSignal,
  type RecordingPublisherSignal,
} from './recording-publisher-signal.js';
export { createRecordingThumbnailer, type RecordingThumbnailer } from './recording-thumbnailer.js';
export { createScriptedWebhookSender, type ScriptedWebhookSender } from './scripted-webhook-sender.js';
export { type PublishedSeed, seedPublishedPosts } from './seed-published-posts.js';
export { createSequentialIds } from './sequential-ids.js';
export { createStaticFetcher, type StaticAnswer, type StaticFetcher } from './static-fetcher.js';
export { describeStoreContract } from './store-contract.js';
export { createTableInspector, type TableInspector } from './table-inspector.js';
export { createTestDeps, type TestDeps } from './test-deps.js';
export { nextWakeup } from './wakeup-contract.js';
export { describeWebhookStoreContract } from './webhook-store-contract.js';

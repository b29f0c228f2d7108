// Test doubles and the store behaviour suite, shipped as tested code (import '@svc/core/testing').
export { aMediaAsset, anAccount, anApiKey, aPost, aUser, seedMediaAsset } from './builders.js';
export { createFakeClock, type FakeClock } from './fake-clock.js';
export { createMemoryStore } from './memory-store.js';
export {
  createRecordingPlatformGateway,
  type RecordingPlatformGateway,
} from './recording-platform-gateway.js';
export {
  createRecordingPublisherSignal,
  type RecordingPublisherSignal,
} from './recording-publisher-signal.js';
export { createSequentialIds } from './sequential-ids.js';
export { describeStoreContract } from './store-contract.js';

import { createPostingOptionsCache } from '../accounts/index.js';
import type { CoreDeps, PlatformGateways, Store } from '../deps/index.js';
import { DEFAULT_NEW_USER_PLAN, DEFAULT_PLAN_LIMITS, type PlanLimitsTable } from '../identity/index.js';
import { createAesGcmSecretBox } from '../node/aes-gcm-secret-box.js';
import { createRandomIdGenerator } from '../node/random-id-generator.js';
import { sha256KeyHasher } from '../node/sha256-key-hasher.js';
import { DEFAULT_POLICY_CONFIG } from '../policy/index.js';
import { createFakeClock, type FakeClock } from './fake-clock.js';
import { createMemoryBlobStore, type MemoryBlobStore } from './memory-blob-store.js';
import { createMemoryStore } from './memory-store.js';
import { createRecordingImageProcessor, type RecordingImageProcessor } from './recording-image-processor.js';
import {
  createRecordingPublisherSignal,
  type RecordingPublisherSignal,
} from './recording-publisher-signal.js';
import { createRecordingThumbnailer, type RecordingThumbnailer } from './recording-thumbnailer.js';
import { createStaticFetcher, type StaticFetcher } from './static-fetcher.js';
import { createTableInspector, type TableInspector } from './table-inspector.js';

/** Every core dependency built from test doubles, with handles on each double. */
export type TestDeps = {
  readonly deps: CoreDeps;
  readonly store: Store;
  readonly clock: FakeClock;
  readonly blobs: MemoryBlobStore;
  readonly fetcher: StaticFetcher;
  readonly inspector: TableInspector;
  readonly images: RecordingImageProcessor;
  readonly thumbnails: RecordingThumbnailer;
  readonly publisher: RecordingPublisherSignal;
};

/**
 * Core dependencies for tests: an in-memory store and blob store, a fake clock at
 * 2026-01-15T12:00:00Z, a fetcher and an inspector answering from tables, real crypto.
 */
export function createTestDeps(
  options: { store?: Store; planLimits?: PlanLimitsTable; platforms?: PlatformGateways } = {},
): TestDeps {
  const store = options.store ?? createMemoryStore();
  const clock = createFakeClock('2026-01-15T12:00:00.000Z');
  const blobs = createMemoryBlobStore(() => clock.now());
  const inspector = createTableInspector();
  const fetcher = createStaticFetcher((bytes) => inspector.typeOf(bytes));
  const images = createRecordingImageProcessor(blobs, inspector);
  const thumbnails = createRecordingThumbnailer(blobs);
  const publisher = createRecordingPublisherSignal();
  const deps: CoreDeps = {
    store,
    clock,
    ids: createRandomIdGenerator(clock),
    keyHasher: sha256KeyHasher,
    secretBox: createAesGcmSecretBox('test-master-secret-of-32-characters!'),
    publisher,
    policy: DEFAULT_POLICY_CONFIG,
    planLimits: options.planLimits ?? DEFAULT_PLAN_LIMITS,
    newUserPlan: DEFAULT_NEW_USER_PLAN,
    blobs,
    fetcher,
    inspector,
    images,
    thumbnails,
    platforms: options.platforms ?? {},
    postingOptionsCache: createPostingOptionsCache(),
  };
  return { deps, store, clock, blobs, fetcher, inspector, images, thumbnails, publisher };
}

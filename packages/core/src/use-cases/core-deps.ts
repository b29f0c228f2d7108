import type { PlanLimitsTable } from '../domain/entitlements.js';
import type { NewUserPlanSetting } from '../domain/new-user-plan.js';
import type { PostingOptionsCache } from '../domain/posting-options-cache.js';
import type { PolicyConfig } from '../policy/platform-limits.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ImageProcessor } from '../ports/image-processor.js';
import type { KeyHasher } from '../ports/key-hasher.js';
import type { MediaFetcher } from '../ports/media-fetcher.js';
import type { MediaInspector } from '../ports/media-inspector.js';
import type { PlatformGateways } from '../ports/platform-gateway.js';
import type { PublisherSignal } from '../ports/publisher-signal.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { Store } from '../ports/store.js';

/**
 * Everything use cases may depend on, built once by the server. Each use case names the part it
 * needs with `Pick<CoreDeps, …>`, so tests pass only that.
 */
export type CoreDeps = {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly keyHasher: KeyHasher;
  readonly secretBox: SecretBox;
  readonly publisher: PublisherSignal;
  readonly policy: PolicyConfig;
  readonly planLimits: PlanLimitsTable;
  /** The plan a new user gets when the operator names none (the install's setting). */
  readonly newUserPlan: NewUserPlanSetting;
  /** Where media bytes live. */
  readonly blobs: BlobStore;
  /** Downloads outside links (SSRF-safe). */
  readonly fetcher: MediaFetcher;
  /** Reads type, size and duration from stored bytes. */
  readonly inspector: MediaInspector;
  /** Pads photo-set images to one size. */
  readonly images: ImageProcessor;
  /** The platform APIs (real or sandbox), for connecting accounts. */
  readonly platforms: PlatformGateways;
  /** Creators' posting options read in the last minute (TikTok `creator_info`). */
  readonly postingOptionsCache: PostingOptionsCache;
  /** Waits `ms` (a recording waiting out a blob sweep's claim). Default: a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
};

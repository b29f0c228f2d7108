import type { PostingOptionsCache } from '../accounts/index.js';
import type { KeyHasher, NewUserPlanSetting, PlanLimitsTable } from '../identity/index.js';
import type { Clock, IdGenerator, SecretBox } from '../kernel/index.js';
import type { BlobStore, ImageProcessor, MediaFetcher, MediaInspector, Thumbnailer } from '../media/index.js';
import type { PolicyConfig } from '../policy/index.js';
import type { PublisherSignal } from '../publishing/index.js';
import type { PlatformGateways } from './platform-gateway.js';
import type { Store } from './store.js';

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
  /** Makes and keeps the thumbnails that pages show instead of the files. */
  readonly thumbnails: Thumbnailer;
  /** The platform APIs (real or sandbox), for connecting accounts. */
  readonly platforms: PlatformGateways;
  /** Creators' posting options read in the last minute (TikTok `creator_info`). */
  readonly postingOptionsCache: PostingOptionsCache;
  /** Waits `ms` (a recording waiting out a blob sweep's claim). Default: a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
};

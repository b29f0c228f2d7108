import { randomInt } from 'node:crypto';
import type { TikTokPkceEncoding } from '@svc/core';
import { createGraphInjections, type GraphInjections, resetGraphInjections } from './graph-injections.js';
import { createMetricsFailures, type MetricsFailures, resetMetricsFailures } from './metrics-failures.js';
import type { PublishedPost } from './published-post.js';
import {
  accountPosts,
  clearPublishedPostIndex,
  createPublishedPostIndex,
  type PublishedPostIndex,
} from './published-post-index.js';
import type { SandboxInterceptor } from './sandbox-call.js';
import type {
  InstagramContainerOptions,
  SandboxPlatform,
  SandboxPublicationKind,
} from './sandbox-publication.js';

/** What an Instagram or Threads container holds. */
export type ContainerMediaType = 'IMAGE' | 'VIDEO' | 'REELS' | 'CAROUSEL' | 'TEXT';

/** Why a container ended in ERROR: the Instagram code/subcode and the Threads `error_message`. */
export type ContainerFailure = {
  readonly code: number;
  readonly subcode: number;
  readonly message: string;
  readonly threadsError: string;
};

/** An Instagram or Threads media container. */
export type MediaContainer = {
  readonly id: string;
  readonly platform: 'instagram' | 'threads';
  readonly owner: string;
  readonly handle: string;
  readonly mediaType: ContainerMediaType;
  readonly carouselItem: boolean;
  readonly caption: string;
  readonly mediaUrls: readonly string[];
  readonly children: readonly string[];
  readonly createdAt: number;
  readonly failure: ContainerFailure | null;
  /** Threads: the post this container replies to (`reply_to_id`); absent on a top-level post. */
  readonly replyTo?: string;
  /** Instagram: the options (collaborators, user tags, location, reel settings) it was created with. */
  readonly instagram?: InstagramContainerOptions;
  /** Threads: who may reply (`reply_control`); absent when not given (everyone). */
  readonly replyControl?: string;
  /** The media id once published; a container is published at most once. */
  publishedAs: string | null;
};

export type { PublishedPost } from './published-post.js';

/** A Facebook photo uploaded with `POST /{page-id}/photos`. */
export type FacebookPhoto = {
  readonly id: string;
  readonly pageId: string;
  readonly url: string;
  readonly caption: string;
  readonly createdAt: number;
  postId: string | null;
};

/** A Facebook reel going through start, upload and finish. */
export type FacebookVideo = {
  readonly id: string;
  readonly pageId: string;
  readonly handle: string;
  readonly createdAt: number;
  upload: { readonly source: string; readonly at: number } | null;
  uploadError: string | null;
  finishedAt: number | null;
  state: 'PUBLISHED' | 'DRAFT' | null;
  description: string;
  postId: string | null;
};

/** The app's Instagram webhook, as set in the App Dashboard (platforms.md 1.6). */
export type InstagramWebhookConfig = {
  readonly callbackUrl: string;
  readonly verifyToken: string;
  /** The key of the `X-Hub-Signature(-256)` HMACs; default the Instagram app secret. */
  readonly appSecret?: string;
};

/** Settings the control API can change at run time. */
export type SandboxSettings = {
  latencyMs: number;
  readyAfter: { image: number; video: number };
  quotas: {
    instagram: number;
    /** Private replies per Instagram account per rolling hour (Meta documents 750). */
    instagramPrivateReplies: number;
    threads: number;
    facebookReels: number;
    tiktok: number;
    /** YouTube Data API units per Pacific day, shared by every call but `videos.insert`. */
    youtube: number;
    /** `videos.insert` calls per Pacific day, a bucket of their own. */
    youtubeInserts: number;
  };
  /** Where comment webhooks go; null: nowhere. */
  instagramWebhook: InstagramWebhookConfig | null;
  /** Waits before each retry of a webhook delivery that was not answered 200. */
  webhookRetryDelaysMs: readonly number[];
  /** The TikTok app's portal settings and TikTok's moderation (`SandboxOptions.tiktok`). */
  tiktok: TikTokAppSettings;
};

/** What the TikTok developer portal holds for the app, and how long TikTok's moderation takes. */
export type TikTokAppSettings = {
  /** How the consent's PKCE challenge writes the verifier's SHA-256 (TIKTOK_PKCE_ENCODING). */
  pkceEncoding: TikTokPkceEncoding;
  /** Verified domains or URL prefixes: PULL_FROM_URL links must start with one of them. */
  verifiedPrefixes: readonly string[];
  /**
   * Moderation of public posts, after processing: the public post id is withheld until `afterMs`
   * (by the sandbox clock) have passed and `afterReads` status reads have seen it complete.
   */
  moderation: { afterMs: number; afterReads: number };
};

/** A forced token invalidation: tokens of an older generation get code 190 with `subcode`. */
export type Invalidation = { readonly generation: number; readonly subcode: number };

/**
 * What each platform simulator remembers on its own, by key (`tiktok`, `youtube`, `instagram`).
 * Empty here: `platform-states.ts` adds the keys by augmenting this interface, so this folder
 * imports no platform folder.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from the platform folders.
export interface PlatformStates {}

/** How one platform's state is made empty and emptied again. */
export type PlatformStateSlice<S> = { create(): S; reset(state: S): void };

/** Every platform's slice (`PLATFORM_SLICES` in `platform-states.ts`). */
export type PlatformSlices = { readonly [K in keyof PlatformStates]: PlatformStateSlice<PlatformStates[K]> };

/** Everything the simulators remember; in memory only, except tokens, which are stateless. */
export type SandboxState = PlatformStates & {
  settings: SandboxSettings;
  interceptor: SandboxInterceptor | null;
  readonly containers: Map<string, MediaContainer>;
  /** Published posts in publishing order; add them with `addPublishedPost`, which indexes them. */
  readonly posts: PublishedPost[];
  /** Lookups of `posts` by id and by account. */
  readonly postIndex: PublishedPostIndex;
  readonly photos: Map<string, FacebookPhoto>;
  readonly videos: Map<string, FacebookVideo>;
  /** Nonces of redeemed authorization codes (codes are single use). */
  readonly usedCodes: Set<string>;
  /** Tokens refused by `expireToken`, with the subcode to answer. */
  readonly deniedTokens: Map<string, number>;
  /** `<platform>:<uid>` → invalidation. */
  readonly invalidations: Map<string, Invalidation>;
  /** `(platform, account, caption)` keys whose `#sandbox-transient` failure was already served. */
  readonly transientSeen: Set<string>;
  readonly ids: Set<string>;
  /** Refusals of the metrics endpoints injected through the control. */
  readonly metricsFailures: MetricsFailures;
  /** Graph refusals and container errors injected through the control, and the calls counted for usage headers. */
  readonly graphInjections: GraphInjections;
};

const copySettings = (s: SandboxSettings): SandboxSettings => ({
  latencyMs: s.latencyMs,
  readyAfter: { ...s.readyAfter },
  quotas: { ...s.quotas },
  instagramWebhook: s.instagramWebhook === null ? null : { ...s.instagramWebhook },
  webhookRetryDelaysMs: [...s.webhookRetryDelaysMs],
  tiktok: {
    pkceEncoding: s.tiktok.pkceEncoding,
    verifiedPrefixes: [...s.tiktok.verifiedPrefixes],
    moderation: { ...s.tiktok.moderation },
  },
});

// The slices' entries, each reading and writing its own key (a mapped type the loop cannot follow).
const slicesOf = (slices: PlatformSlices) =>
  Object.entries(slices) as [keyof PlatformStates, PlatformStateSlice<unknown>][];

/** Empty state with the given settings and every platform's empty slice. */
export function createSandboxState(settings: SandboxSettings, slices: PlatformSlices): SandboxState {
  const platforms = {} as Record<keyof PlatformStates, unknown>;
  for (const [key, slice] of slicesOf(slices)) platforms[key] = slice.create();
  return {
    ...(platforms as PlatformStates),
    settings: copySettings(settings),
    interceptor: null,
    containers: new Map(),
    posts: [],
    postIndex: createPublishedPostIndex(),
    photos: new Map(),
    videos: new Map(),
    usedCodes: new Set(),
    deniedTokens: new Map(),
    invalidations: new Map(),
    transientSeen: new Set(),
    ids: new Set(),
    metricsFailures: createMetricsFailures(),
    graphInjections: createGraphInjections(),
  };
}

/** Forgets everything and restores the settings the sandbox was created with. */
export function resetSandboxState(
  state: SandboxState,
  settings: SandboxSettings,
  slices: PlatformSlices,
): void {
  state.settings = copySettings(settings);
  state.interceptor = null;
  state.containers.clear();
  state.posts.length = 0;
  clearPublishedPostIndex(state.postIndex);
  state.photos.clear();
  state.videos.clear();
  state.usedCodes.clear();
  state.deniedTokens.clear();
  state.invalidations.clear();
  state.transientSeen.clear();
  state.ids.clear();
  resetMetricsFailures(state.metricsFailures);
  resetGraphInjections(state.graphInjections);
  for (const [key, slice] of slicesOf(slices)) slice.reset(state[key]);
}

/** A fresh numeric id (`prefix` + random digits), unique within this state. */
export function newNumericId(state: SandboxState, prefix: string, digits: number): string {
  for (;;) {
    let id = prefix;
    while (id.length < prefix.length + digits) id += String(randomInt(0, 10));
    if (!state.ids.has(id)) {
      state.ids.add(id);
      return id;
    }
  }
}

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A fresh 11-character shortcode like Instagram's, unique within this state. */
export function newShortcode(state: SandboxState): string {
  for (;;) {
    let code = 'D';
    while (code.length < 11) code += SHORTCODE_ALPHABET[randomInt(0, SHORTCODE_ALPHABET.length)];
    if (!state.ids.has(code)) {
      state.ids.add(code);
      return code;
    }
  }
}

/** The current invalidation generation of an account's tokens (0 when never invalidated). */
export function generationOf(state: SandboxState, platform: SandboxPlatform, uid: string): number {
  return state.invalidations.get(`${platform}:${uid}`)?.generation ?? 0;
}

/** An account's published posts, newest first. */
export function postsOf(state: SandboxState, platform: SandboxPlatform, accountId: string): PublishedPost[] {
  return [...accountPosts(state.postIndex, platform, accountId)].reverse();
}

const DAY_MS = 24 * 60 * 60_000;

/** How many posts (of `kinds`, or of any kind) an account published in the rolling 24 h before `now`. */
export function publishedInLastDay(
  state: SandboxState,
  platform: SandboxPlatform,
  accountId: string,
  now: number,
  kinds?: readonly SandboxPublicationKind[],
): number {
  return accountPosts(state.postIndex, platform, accountId).filter(
    (p) => p.record.at.getTime() > now - DAY_MS && (kinds === undefined || kinds.includes(p.record.kind)),
  ).length;
}

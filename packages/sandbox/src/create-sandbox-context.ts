import { DEFAULT_TIKTOK_PKCE_ENCODING, type MediaFetcher, type TikTokPkceEncoding } from '@svc/core';
import { checkedWebhook } from './instagram/instagram-control.js';
import { PLATFORM_SLICES } from './platform-states.js';
import { mediaDownloader } from './shared/download-media.js';
import type { SandboxContext } from './shared/sandbox-context.js';
import type { SandboxGate } from './shared/sandbox-router.js';
import {
  createSandboxState,
  type InstagramWebhookConfig,
  type SandboxSettings,
} from './shared/sandbox-state.js';

/** How a sandbox is set up. */
export type SandboxOptions = {
  /** Public base of the server hosting the sandbox, e.g. `http://127.0.0.1:4000`; sandbox URLs are `${baseUrl}/sandbox/…`. */
  readonly baseUrl: string;
  /** Signs tokens and codes (HMAC-SHA256). Tokens are stateless, so they survive restarts and the CLI can mint them. */
  readonly secret: string;
  /** Default: the system clock. Container readiness, expiries and quotas follow it. */
  readonly clock?: { now(): Date };
  /** Delay before answering every API call (not consent pages). Default 0. */
  readonly latencyMs?: number;
  /** Processing time before a container or video is ready. Default image 0, video 2000 ms. */
  readonly containerReadyAfterMs?: { readonly image: number; readonly video: number };
  /**
   * Default true: media links are really downloaded (GET, 60 MB, 10 s) like Meta does; an
   * unreachable link or a non-JPEG Instagram image makes the container end in ERROR.
   */
  readonly fetchMedia?: boolean;
  /**
   * The SSRF-safe fetcher media links go through (the service's own), except the server's signed
   * media links under `ownMediaPrefix`, read directly. Default: none, links are fetched directly
   * (the sandbox alone, in tests).
   */
  readonly fetcher?: MediaFetcher;
  /** Links under this prefix are the server's own signed media links, e.g. `${baseUrl}/media/`. */
  readonly ownMediaPrefix?: string;
  /**
   * The redirect URIs registered for the sandbox apps, as in a platform's app dashboard; consent
   * pages refuse any other. Default: the service's callback, `${baseUrl}/connect/callback`.
   */
  readonly redirectUris?: readonly string[];
  /**
   * Who may reach which route. Default: only clients on this machine (loopback peers whose
   * request no proxy forwarded); the server passes its own gate (docs/security.md).
   */
  readonly gate?: SandboxGate;
  /** Posts per account per rolling 24 h. Defaults 50, 250, 30 (reels per Page) and 15 (TikTok). */
  readonly quotas?: {
    readonly instagram?: number;
    readonly threads?: number;
    readonly facebookReels?: number;
    /** TikTok's undocumented per-creator cap (`spam_risk_too_many_posts`); third parties quote about 15. */
    readonly tiktok?: number;
    /**
     * YouTube Data API units per Pacific day for the whole project, shared by every call but
     * `videos.insert` (default 10,000; a list call costs 1, thumbnails.set 50).
     */
    readonly youtube?: number;
    /** `videos.insert` calls per Pacific day for the whole project, their own bucket (default 100). */
    readonly youtubeInserts?: number;
    /** Instagram private replies per account per rolling hour (default 750, Meta's documented rate). */
    readonly instagramPrivateReplies?: number;
  };
  /**
   * The app's webhooks, as set in the App Dashboard: comments on media of accounts subscribed to
   * `comments` are POSTed to `callbackUrl`, signed with the Instagram app secret (or `appSecret`),
   * after the verification handshake with `verifyToken`. Also settable with `control.instagram`.
   */
  readonly webhooks?: { readonly instagram?: InstagramWebhookConfig };
  /** Real-time waits before each retry of a webhook delivery not answered 200. Default 1 s, 5 s, 30 s. */
  readonly webhookRetryDelaysMs?: readonly number[];
  /** How old a long-lived Instagram/Threads token must be to be refreshed. Default 24 h, as on the real platforms. */
  readonly refreshMinAgeMs?: number;
  /** The TikTok app's portal settings and TikTok's moderation; also settable with `control.setTikTokApp`. */
  readonly tiktok?: {
    /** How the PKCE challenge is checked; default `hex` (TIKTOK_PKCE_ENCODING). */
    readonly pkceEncoding?: TikTokPkceEncoding;
    /** Verified domains or URL prefixes for PULL_FROM_URL links; default `${baseUrl}/`. */
    readonly verifiedPrefixes?: readonly string[];
    /** Time (sandbox clock) and status reads before a public post's id is given; default 0 and 0. */
    readonly moderation?: { readonly afterMs?: number; readonly afterReads?: number };
  };
};

const systemClock = { now: () => new Date() };

/** The configuration, clock and fresh state every simulator route of one sandbox shares. */
export function createSandboxContext(options: SandboxOptions): SandboxContext {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const defaults: SandboxSettings = {
    latencyMs: options.latencyMs ?? 0,
    readyAfter: { ...(options.containerReadyAfterMs ?? { image: 0, video: 2000 }) },
    quotas: {
      instagram: options.quotas?.instagram ?? 50,
      threads: options.quotas?.threads ?? 250,
      facebookReels: options.quotas?.facebookReels ?? 30,
      tiktok: options.quotas?.tiktok ?? 15,
      youtube: options.quotas?.youtube ?? 10_000,
      youtubeInserts: options.quotas?.youtubeInserts ?? 100,
      instagramPrivateReplies: options.quotas?.instagramPrivateReplies ?? 750,
    },
    instagramWebhook:
      options.webhooks?.instagram === undefined ? null : checkedWebhook(options.webhooks.instagram),
    webhookRetryDelaysMs: [...(options.webhookRetryDelaysMs ?? [1000, 5000, 30_000])],
    tiktok: {
      pkceEncoding: options.tiktok?.pkceEncoding ?? DEFAULT_TIKTOK_PKCE_ENCODING,
      verifiedPrefixes: [...(options.tiktok?.verifiedPrefixes ?? [`${baseUrl}/`])],
      moderation: {
        afterMs: options.tiktok?.moderation?.afterMs ?? 0,
        afterReads: options.tiktok?.moderation?.afterReads ?? 0,
      },
    },
  };
  return {
    baseUrl,
    sandboxUrl: `${baseUrl}/sandbox`,
    secret: options.secret,
    clock: options.clock ?? systemClock,
    download:
      options.fetchMedia === false
        ? null
        : mediaDownloader(options.fetcher ?? null, options.ownMediaPrefix ?? null),
    redirectUris: [...(options.redirectUris ?? [`${baseUrl}/connect/callback`])],
    refreshMinAgeMs: options.refreshMinAgeMs ?? 24 * 60 * 60_000,
    state: createSandboxState(defaults, PLATFORM_SLICES),
    defaults,
  };
}

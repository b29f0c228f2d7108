import { createInstagramControl, type InstagramControl } from './instagram/instagram-control.js';
import { PLATFORM_SLICES } from './platform-states.js';
import { createGraphControl, type GraphControl } from './shared/graph-control.js';
import { createMetricsControl, type MetricsControl } from './shared/metrics-control.js';
import type { SandboxInterceptor } from './shared/sandbox-call.js';
import type { SandboxContext } from './shared/sandbox-context.js';
import type { SandboxPlatform, SandboxPublication } from './shared/sandbox-publication.js';
import type { TikTokAppSettings } from './shared/sandbox-state.js';
import { resetSandboxState } from './shared/sandbox-state.js';
import { createTikTokControl, type TikTokControl } from './tiktok/tiktok-control.js';
import { settleTikTokPublishes } from './tiktok/tiktok-publishes.js';
import type { TikTokCreatorSettings } from './tiktok/tiktok-state.js';
import { createYouTubeControl, type YouTubeControl } from './youtube/youtube-control.js';

/**
 * A quota `setQuota` changes; `facebook` is the same as `facebookReels` (reels are the only capped
 * Page posts); `instagramPrivateReplies` is per account per rolling hour.
 */
export type SandboxQuotaName =
  | 'instagram'
  | 'instagramPrivateReplies'
  | 'threads'
  | 'facebook'
  | 'facebookReels'
  | 'tiktok'
  | 'youtube'
  | 'youtubeInserts';

// The controls kept next to their simulators.
type SimulatorControls = YouTubeControl & TikTokControl & MetricsControl & GraphControl;

/** In-process control of a sandbox, for tests. */
export type SandboxControl = SimulatorControls & {
  /** Instagram comments, private replies and comment webhooks. */
  readonly instagram: InstagramControl;
  /** Everything published so far, oldest first, optionally of one platform. */
  published(platform?: SandboxPlatform): SandboxPublication[];
  /**
   * Calls and awaits `fn` for every API call (not consent or public pages): `before` before any
   * state changes, `after` once it changed and before the response is written. A throwing `fn`
   * makes the call answer HTTP 500, Graph code 2, `is_transient: true`. `null` removes the hook.
   */
  intercept(fn: SandboxInterceptor | null): void;
  /** Delay before every API answer. */
  setLatency(ms: number): void;
  /** Processing time of new and existing containers and videos, by the sandbox clock. */
  setContainerReadyAfter(ms: { readonly image: number; readonly video: number }): void;
  /**
   * Posts allowed per account per rolling 24 h; for `youtube`, API units per Pacific day for the
   * project (every call but `videos.insert`); for `youtubeInserts`, `videos.insert` calls per
   * Pacific day; for `instagramPrivateReplies`, private replies per account per rolling hour.
   */
  setQuota(platform: SandboxQuotaName, total: number): void;
  /** Later calls with this token get code 190 with `subcode` (default 463, expired). */
  expireToken(token: string, subcode?: number): void;
  /**
   * Later calls with any token of this account issued so far get code 190 with `subcode` (463
   * expired, 460 password changed…); tokens issued afterwards (a reconnect) work. On Facebook,
   * invalidating a Page's tokens leaves the user token working, so /me/accounts can give a new one.
   * On YouTube the subcode is unused: access tokens get 401 `authError`, refresh tokens `invalid_grant`.
   */
  invalidateTokensOf(platform: SandboxPlatform, accountId: string, subcode: number): void;
  /**
   * What TikTok's `creator_info` answers for this open id from now on (privacy levels, disabled
   * interactions, longest video); `cannotPost` (e.g. `spam_risk_user_banned_from_posting`) makes
   * creator_info and every init call refuse with that code. Fields left out keep their values.
   */
  setTikTokCreator(openId: string, settings: TikTokCreatorSettings): void;
  /**
   * The TikTok app's portal settings from now on: the PKCE encoding the token endpoint checks,
   * the verified URL prefixes PULL_FROM_URL links must start with, and how long moderation holds
   * back public post ids (time after processing, status reads). Fields left out keep their values.
   */
  setTikTokApp(settings: Partial<TikTokAppSettings>): void;
  /**
   * Adds (or changes) a Facebook Login for Business configuration the dialog accepts as
   * `config_id`, granting these permissions; `SANDBOX_FACEBOOK_CONFIG_ID` exists from the start.
   */
  setFacebookConfiguration(configId: string, permissions: readonly string[]): void;
  /**
   * Forgets everything and restores the creation settings (the webhook configuration among
   * them); issued tokens keep working. Webhook deliveries under way stop at their next step.
   */
  reset(): void;
};

/** The control of the sandbox behind `ctx`. */
export function createSandboxControl(ctx: SandboxContext): SandboxControl {
  const { state } = ctx;
  return {
    instagram: createInstagramControl(ctx),
    published(platform) {
      // TikTok publishes go live with the clock; those due are published before they are listed.
      settleTikTokPublishes(ctx);
      return state.posts
        .filter((p) => platform === undefined || p.record.platform === platform)
        .map((p) => p.record);
    },
    intercept(fn) {
      state.interceptor = fn;
    },
    setLatency(ms) {
      state.settings.latencyMs = Math.max(0, ms);
    },
    setContainerReadyAfter(ms) {
      state.settings.readyAfter = { image: ms.image, video: ms.video };
    },
    setQuota(platform, total) {
      state.settings.quotas[platform === 'facebook' ? 'facebookReels' : platform] = total;
    },
    expireToken(token, subcode = 463) {
      state.deniedTokens.set(token, subcode);
    },
    invalidateTokensOf(platform, accountId, subcode) {
      const key = `${platform}:${accountId}`;
      const generation = (state.invalidations.get(key)?.generation ?? 0) + 1;
      state.invalidations.set(key, { generation, subcode });
    },
    setFacebookConfiguration(configId, permissions) {
      state.facebook.configurations.set(configId, [...permissions]);
    },
    setTikTokCreator(openId, settings) {
      state.tiktok.creators.set(openId, { ...state.tiktok.creators.get(openId), ...settings });
    },
    setTikTokApp(settings) {
      state.settings.tiktok = { ...state.settings.tiktok, ...settings };
    },
    reset() {
      resetSandboxState(state, ctx.defaults, PLATFORM_SLICES);
    },
    ...createYouTubeControl(ctx),
    ...createTikTokControl(ctx),
    ...createMetricsControl(ctx),
    ...createGraphControl(ctx),
  };
}

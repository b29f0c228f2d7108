import type { SandboxContext } from '../shared/sandbox-context.js';
import { youtubeQuotaUsed } from './youtube-quota.js';
import type { YouTubeChannelCondition } from './youtube-state.js';

/** Test controls of the YouTube simulator, part of SandboxControl. */
export type YouTubeControl = {
  /** Videos a channel may upload per rolling 24 h before `uploadLimitExceeded`; null removes the cap (the default). */
  setYouTubeUploadLimit(perDay: number | null): void;
  /**
   * `missing`: the Google account has no channel (channels.list answers no items, uploads
   * `youtubeSignupRequired`); `suspended`: every call answers `authenticatedUserAccountSuspended`.
   */
  setYouTubeChannel(channelId: string, condition: YouTubeChannelCondition): void;
  /** Quota units the project used today (the Pacific day of the sandbox clock). */
  youtubeQuotaUsed(): number;
};

/** The YouTube part of the control of the sandbox behind `ctx`. */
export function createYouTubeControl(ctx: SandboxContext): YouTubeControl {
  const { youtube } = ctx.state;
  return {
    setYouTubeUploadLimit(perDay) {
      youtube.uploadLimit = perDay;
    },
    setYouTubeChannel(channelId, condition) {
      if (condition === 'active') youtube.channels.delete(channelId);
      else youtube.channels.set(channelId, condition);
    },
    youtubeQuotaUsed: () => youtubeQuotaUsed(ctx),
  };
}

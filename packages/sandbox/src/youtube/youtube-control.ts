import type { SandboxContext } from '../shared/sandbox-context.js';
import { youtubeQuotaToday } from './youtube-quota.js';
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
  /** Units of the shared daily pool the project used today (the Pacific day of the sandbox clock). */
  youtubeQuotaUsed(): number;
  /** `videos.insert` calls the project made today, counted in their own bucket. */
  youtubeInsertsUsed(): number;
  /**
   * `false` models a Google Cloud project that has not passed the YouTube API audit: every video
   * uploaded from then on is private, whatever the upload asked. `true` (the default) lifts it.
   */
  setYouTubeProjectAudited(audited: boolean): void;
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
    youtubeQuotaUsed: () => youtubeQuotaToday(ctx).units,
    youtubeInsertsUsed: () => youtubeQuotaToday(ctx).inserts,
    setYouTubeProjectAudited(audited) {
      youtube.audited = audited;
    },
  };
}

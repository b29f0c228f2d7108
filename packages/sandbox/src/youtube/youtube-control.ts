import type { SandboxContext } from '../shared/sandbox-context.js';
import { createPlaylist } from './youtube-playlists.js';
import { youtubeQuotaToday } from './youtube-quota.js';
import type { YouTubeChannelCondition, YouTubeSnippet, YouTubeVideoSettings } from './youtube-state.js';

/** A video as the simulator stored it, for tests to read back what an upload asked. */
export type YouTubeStoredVideo = {
  readonly id: string;
  readonly channelId: string;
  readonly snippet: YouTubeSnippet;
  readonly settings: YouTubeVideoSettings;
  readonly notifySubscribers: boolean;
  /** The playlists holding the video, once per time it was added. */
  readonly playlistIds: readonly string[];
};

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
  /** Makes a playlist on the channel (playlists.insert is not simulated); its id. */
  createYouTubePlaylist(channelId: string, title?: string): string;
  /** The stored video, or undefined when the simulator has none with that id. */
  youtubeVideo(videoId: string): YouTubeStoredVideo | undefined;
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
    createYouTubePlaylist: (channelId, title = 'Playlist') => createPlaylist(ctx, channelId, title).id,
    youtubeVideo(videoId) {
      const video = youtube.videos.get(videoId);
      if (video === undefined) return undefined;
      const playlistIds = [...youtube.playlists.values()].flatMap((p) =>
        p.items.filter((item) => item.videoId === videoId).map(() => p.id),
      );
      const { id, channelId, snippet, settings, notifySubscribers } = video;
      return { id, channelId, snippet, settings, notifySubscribers, playlistIds };
    },
  };
}

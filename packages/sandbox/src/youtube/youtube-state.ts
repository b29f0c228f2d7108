import type { Hash } from 'node:crypto';

/** `snippet` of a video as the simulator keeps it (validated at session creation). */
export type YouTubeSnippet = {
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly categoryId: string;
  readonly defaultLanguage: string | null;
};

/** `status` of a video as its uploader asked for it. */
export type YouTubeVideoSettings = {
  readonly privacyStatus: 'private' | 'unlisted' | 'public';
  /** ISO time of a scheduled publication (private videos only); null when none. */
  readonly publishAt: string | null;
  readonly selfDeclaredMadeForKids: boolean;
  readonly license: 'youtube' | 'creativeCommon';
  readonly embeddable: boolean;
};

/** A resumable upload session (`uploadType=resumable`): the upload id is its only credential. */
export type YouTubeUploadSession = {
  readonly id: string;
  readonly channelId: string;
  readonly handle: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The `part` list of the insert call, which the final answer renders. */
  readonly parts: readonly string[];
  readonly snippet: YouTubeSnippet;
  readonly settings: YouTubeVideoSettings;
  readonly contentType: string;
  /** The `notifySubscribers` parameter of the insert call (Google's default: true). */
  readonly notifySubscribers: boolean;
  /** `X-Upload-Content-Length`; null until a Content-Range names the total. */
  totalBytes: number | null;
  /** Bytes received so far: always a prefix of the file. */
  received: number;
  /** Running SHA-256 of the received prefix; the bytes themselves are not kept. */
  readonly hash: Hash;
  /** Set when the final byte arrived and the video was created. */
  videoId: string | null;
};

/** How processing of an uploaded video ends (`#sandbox-fail`, `#sandbox-corrupt` in the title). */
export type YouTubeVideoOutcome =
  | { readonly kind: 'processed' }
  | { readonly kind: 'rejected'; readonly rejectionReason: string }
  | { readonly kind: 'failed'; readonly failureReason: string };

/** A video on a channel, created when its upload's final byte arrived. */
export type YouTubeVideo = {
  readonly id: string;
  readonly channelId: string;
  readonly handle: string;
  readonly snippet: YouTubeSnippet;
  readonly settings: YouTubeVideoSettings;
  /** Whether the upload asked YouTube to tell the channel's subscribers (`notifySubscribers`). */
  readonly notifySubscribers: boolean;
  readonly uploadedAt: number;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly outcome: YouTubeVideoOutcome;
  /** SHA-256 (hex) of the custom thumbnail set with thumbnails.set. */
  thumbnailSha256: string | null;
};

/** A playlist of a channel (made by a test) and its items in order. */
export type YouTubePlaylist = {
  readonly id: string;
  readonly channelId: string;
  readonly title: string;
  readonly items: { readonly id: string; readonly videoId: string }[];
};

/** What a test made of a channel: none behind the Google account, or a suspended account. */
export type YouTubeChannelCondition = 'active' | 'missing' | 'suspended';

/** What the YouTube simulator remembers between calls. */
export type YouTubeState = {
  readonly sessions: Map<string, YouTubeUploadSession>;
  readonly videos: Map<string, YouTubeVideo>;
  readonly playlists: Map<string, YouTubePlaylist>;
  /**
   * What the project used on `day` (a Pacific calendar date, `YYYY-MM-DD`): `used` units of the
   * shared pool, `inserts` calls of the `videos.insert` bucket.
   */
  quota: { day: string; used: number; inserts: number };
  /**
   * Whether the project passed Google's YouTube API audit (the default). An unaudited project's
   * uploads are all made private, whatever the upload asked, as Google does for projects created
   * after 28 July 2020 until they pass it.
   */
  audited: boolean;
  /** Videos a channel may upload per rolling 24 h; null: no cap (the default). */
  uploadLimit: number | null;
  /** Channels a test changed; absent means active. */
  readonly channels: Map<string, Exclude<YouTubeChannelCondition, 'active'>>;
  /** Scopes granted at the last code exchange per channel, answered again on refresh. */
  readonly grantedScopes: Map<string, string>;
  /** Top-level comments by video id, oldest first (`commentThreads.insert`). */
  readonly comments: Map<string, YouTubeComment[]>;
};

/** A top-level comment on a video, as `commentThreads.list` shows it. */
export type YouTubeComment = {
  /** The thread's id; its top-level comment has the same id, as on YouTube. */
  readonly id: string;
  readonly videoId: string;
  readonly authorChannelId: string;
  readonly authorHandle: string;
  readonly text: string;
  readonly at: number;
};

/** Empty YouTube state. */
export function createYouTubeState(): YouTubeState {
  return {
    sessions: new Map(),
    videos: new Map(),
    playlists: new Map(),
    quota: { day: '', used: 0, inserts: 0 },
    audited: true,
    uploadLimit: null,
    channels: new Map(),
    grantedScopes: new Map(),
    comments: new Map(),
  };
}

/** Forgets everything the YouTube simulator remembered. */
export function resetYouTubeState(state: YouTubeState): void {
  state.sessions.clear();
  state.videos.clear();
  state.playlists.clear();
  state.quota = { day: '', used: 0, inserts: 0 };
  state.audited = true;
  state.uploadLimit = null;
  state.channels.clear();
  state.grantedScopes.clear();
  state.comments.clear();
}

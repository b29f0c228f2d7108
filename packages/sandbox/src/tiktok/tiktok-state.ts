import type { Hash } from 'node:crypto';

/** What `creator_info` answers for one creator; tests change it with `control.setTikTokCreator`. */
export type TikTokCreatorSettings = {
  readonly privacyLevelOptions?: readonly string[];
  readonly commentDisabled?: boolean;
  readonly duetDisabled?: boolean;
  readonly stitchDisabled?: boolean;
  readonly maxVideoPostDurationSec?: number;
  /**
   * An error code (`spam_risk_user_banned_from_posting`, `unaudited_client_can_only_post_to_private_accounts`,
   * `reached_active_user_cap`…) that creator_info and the init calls answer; null lets the creator post again.
   */
  readonly cannotPost?: string | null;
};

/** A `FILE_UPLOAD` video's chunked upload. Only a running hash of the bytes is kept, never the bytes. */
export type TikTokUpload = {
  readonly id: string;
  readonly token: string;
  /** The upload_url stops working then (1 h after init, by the sandbox clock). */
  readonly expiresAt: number;
  readonly videoSize: number;
  readonly chunkSize: number;
  readonly chunkCount: number;
  chunksDone: number;
  bytesDone: number;
  readonly hash: Hash;
  /** SHA-256 of the chunk accepted last, so a repeated PUT of it is recognised. */
  lastChunkSha: string | null;
  /** SHA-256 of the whole video once every chunk arrived. */
  sha256: string | null;
};

/** post_info's labels: `brand_content_toggle` (paid partnership), `brand_organic_toggle`, `is_aigc` (videos). */
export type TikTokPostLabels = Readonly<
  Record<'brandContentToggle' | 'brandOrganicToggle' | 'isAigc', boolean>
>;

/** One publish: a `video/init` or `content/init` call and what became of it. */
export type TikTokPublish = {
  /** `publish_id`, e.g. `v_pub_file~v2-…`. */
  readonly id: string;
  readonly openId: string;
  readonly username: string;
  readonly kind: 'VIDEO' | 'PHOTO';
  readonly source: 'FILE_UPLOAD' | 'PULL_FROM_URL';
  /** `MEDIA_UPLOAD` (inbox) mode: ends in SEND_TO_USER_INBOX and publishes nothing. */
  readonly inbox: boolean;
  readonly title: string;
  /** Photo posts' description; empty for videos. */
  readonly description: string;
  readonly privacyLevel: string;
  /** The disclosure and AI labels post_info asked for. */
  readonly labels: TikTokPostLabels;
  readonly mediaUrls: readonly string[];
  readonly createdAt: number;
  readonly upload: TikTokUpload | null;
  /** When every byte was there (upload complete, or the links downloaded); processing starts then. */
  mediaReadyAt: number | null;
  /** Bytes the sandbox downloaded for PULL_FROM_URL publishes. */
  downloadedBytes: number;
  /** SHA-256 and size of a pulled video, for the publication record. */
  pulled: { readonly sizeBytes: number; readonly sha256: string } | null;
  /** The `fail_reason` the publish ends with once processed; null when it goes through. */
  failReason: string | null;
  /** The public post id once published. */
  postId: string | null;
  /** Status reads that saw it complete, counted towards moderation (`afterReads`). */
  completeReads: number;
};

/** What the TikTok simulator remembers between calls. */
export type TikTokState = {
  /** By publish id. */
  readonly publishes: Map<string, TikTokPublish>;
  /** Upload id → publish id. */
  readonly uploads: Map<string, string>;
  /** Open id → what creator_info answers (defaults when absent). */
  readonly creators: Map<string, TikTokCreatorSettings>;
  /**
   * Open id → nonce of the newest refresh token: refresh tokens rotate, and an older one is
   * refused. Empty after a restart, when any genuine unexpired refresh token is accepted.
   */
  readonly newestRefresh: Map<string, string>;
  /** Open id → the comma list of scopes granted at the last code exchange (all, when absent). */
  readonly grantedScopes: Map<string, string>;
  /** `<bucket>\n<access token>` → times of the calls in the last minute, for the rate limits. */
  readonly calls: Map<string, number[]>;
};

/** Empty TikTok state. */
export function createTikTokState(): TikTokState {
  return {
    publishes: new Map(),
    uploads: new Map(),
    creators: new Map(),
    newestRefresh: new Map(),
    grantedScopes: new Map(),
    calls: new Map(),
  };
}

/** Forgets everything the TikTok simulator remembered: every field is a map, so a new one is too. */
export function resetTikTokState(state: TikTokState): void {
  for (const remembered of Object.values(state)) remembered.clear();
}

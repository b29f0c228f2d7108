/** The platforms the sandbox simulates. */
export type SandboxPlatform = 'instagram' | 'threads' | 'facebook' | 'tiktok' | 'youtube';

/**
 * What was published: Instagram `IMAGE | REELS | CAROUSEL`, Threads `TEXT | IMAGE | VIDEO | CAROUSEL`,
 * Facebook `feed | photo | reel`, TikTok `VIDEO | PHOTO`, YouTube `VIDEO`.
 */
export type SandboxPublicationKind =
  | 'IMAGE'
  | 'REELS'
  | 'CAROUSEL'
  | 'TEXT'
  | 'VIDEO'
  | 'PHOTO'
  | 'feed'
  | 'photo'
  | 'reel';

/** One person tagged on Instagram media (`user_tags`); reels may tag without a position. */
export type InstagramUserTagSent = { readonly username: string; readonly x?: number; readonly y?: number };

/** The Instagram container parameters of issue 37 one container was created with, as sent. */
export type InstagramContainerOptions = {
  readonly collaborators?: readonly string[];
  readonly userTags?: readonly InstagramUserTagSent[];
  readonly locationId?: string;
  readonly coverUrl?: string;
  readonly thumbOffset?: number;
  readonly shareToFeed?: boolean;
};

/** One post the sandbox published; tests count these to prove a post went out exactly once. */
export type SandboxPublication = {
  readonly platform: SandboxPlatform;
  /**
   * The id the platform answers with: the media id (Instagram, Threads), the `<pageId>_<postId>`
   * post id (Facebook feed and photo posts) or the video id (Facebook reels).
   */
  readonly id: string;
  /** The Instagram or Threads user id, or the Facebook Page id. */
  readonly accountId: string;
  readonly kind: SandboxPublicationKind;
  readonly caption: string;
  /** The media links the platform was given, in order (carousel children's links for a carousel). */
  readonly mediaUrls: readonly string[];
  /** Number of carousel children or attached photos; 0 otherwise. */
  readonly children: number;
  readonly permalink: string;
  /** The container published (Instagram, Threads) or the unpublished photo (Facebook photo posts). */
  readonly containerId?: string;
  /** TikTok `FILE_UPLOAD` and YouTube videos: how many bytes arrived and their SHA-256 (hex), to compare with what was sent. */
  readonly upload?: { readonly sizeBytes: number; readonly sha256: string };
  /** YouTube: SHA-256 (hex) of the custom thumbnail set with thumbnails.set, if any. */
  readonly thumbnailSha256?: string;
  /** Facebook feed posts: the `link` parameter, whose preview card the post shows. */
  readonly link?: string;
  /** Threads: the media id of the post this one replies to; absent on a top-level post. */
  readonly replyTo?: string;
  /** Instagram: the published container's options and each carousel child's, in slide order. */
  readonly instagram?: {
    readonly options: InstagramContainerOptions;
    readonly children: readonly InstagramContainerOptions[];
  };
  /** Threads: who may reply to it (`reply_control`), when the publish said. */
  readonly replyControl?: string;
  readonly at: Date;
};

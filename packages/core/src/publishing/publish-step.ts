import type { ConnectedAccount } from '../accounts/index.js';
import type { FirstCommentOutcome, Post, PublishProgress } from '../posts/index.js';

/** A slide as the platform adapter receives it. */
export type PublishMedia = {
  readonly contentType: string | null;
  /** A link the platform can fetch (our signed link or the caller's own). */
  readonly url: string;
  /** The stored bytes, for platforms that need an upload; null for outside links. */
  readonly blobKey: string | null;
  readonly sizeBytes: number | null;
  /** Pixel size and duration when we read them from the bytes; null for outside links. */
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
};

/** Everything an adapter needs to take the next step of one post's publish. */
export type PublishJob = {
  readonly post: Post;
  readonly account: ConnectedAccount;
  /** Decrypted platform tokens, as the adapter stored them at connection time. */
  readonly credentials: Readonly<Record<string, unknown>>;
  readonly media: readonly PublishMedia[];
  /**
   * Set for a part of a reply chain (Threads' `platformMeta.threads.thread`): the platform id of
   * the post or part it replies to. `post.caption` and `media` are then the part's, and
   * `post.publishProgress` its own handles. Only gateways with `replyChains` are given one.
   */
  readonly replyToId?: string;
};

/**
 * The result of one publish step. The engine saves `progress` before asking for the next step,
 * so a restarted publisher resumes from the last recorded step instead of posting twice.
 */
export type PublishStep =
  /**
   * A step was taken; its handles are saved before the next step. `waitMs` asks for a pause
   * first (a container the platform is still processing): a short one is slept through holding
   * the lease, a longer one hands the post back until then (`decidePublishStep`).
   */
  | { readonly kind: 'progress'; readonly progress: PublishProgress; readonly waitMs?: number }
  /**
   * Done. `warning`: what the platform did differently from what was asked (an upload locked to
   * private), in words a person reads; the post is published all the same.
   */
  | {
      readonly kind: 'published';
      readonly platformPostId: string;
      readonly permalink: string | null;
      readonly warning?: string;
      /**
       * The platform took the post but holds its public id back (TikTok's moderation, which can
       * take hours): `platformPostId` is the publish's handle, `permalink` null, and the collector
       * asks again later (`PublishGateway.readPublicId`) until the public id comes.
       */
      readonly publicIdPending?: boolean;
      /** What became of the post's first comment, taken after the post went live (the engine's). */
      readonly firstComment?: FirstCommentOutcome;
    }
  /** A transient failure (rate limit, 5xx, timeout): try again later; counts as an attempt. */
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string }
  /**
   * The platform's publishing quota is used up until `until`: try again then. Does not count as
   * an attempt, because nothing is wrong with the post.
   */
  | { readonly kind: 'defer'; readonly until: Date; readonly reason: string }
  /** A permanent failure: the reason tells a person what to fix. */
  | { readonly kind: 'failed'; readonly reason: string }
  /** The access token was refused as expired: refresh it and take the step again, once. */
  | { readonly kind: 'token_expired' }
  /** The platform refused our authorization for good: the user must reconnect the account. */
  | { readonly kind: 'needs_reconnect'; readonly reason: string };

import type { ConnectedAccount } from '../domain/connected-account.js';
import type { Platform } from '../domain/platform.js';
import type { Post, PublishProgress } from '../domain/post.js';

/** A slide as the platform adapter receives it. */
export type PublishMedia = {
  readonly contentType: string | null;
  /** A link the platform can fetch (our signed link or the caller's own). */
  readonly url: string;
  /** The stored bytes, for platforms that need an upload; null for outside links. */
  readonly blobKey: string | null;
  readonly sizeBytes: number | null;
};

/** Everything an adapter needs to take the next step of one post's publish. */
export type PublishJob = {
  readonly post: Post;
  readonly account: ConnectedAccount;
  /** Decrypted platform tokens, as the adapter stored them at connection time. */
  readonly credentials: Readonly<Record<string, unknown>>;
  readonly media: readonly PublishMedia[];
};

/**
 * The result of one publish step. The engine saves `progress` before asking for the next step,
 * so a restarted publisher resumes from the last recorded step instead of posting twice.
 */
export type PublishStep =
  | { readonly kind: 'progress'; readonly progress: PublishProgress }
  | { readonly kind: 'published'; readonly platformPostId: string; readonly permalink: string | null }
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'token_expired' }
  | { readonly kind: 'needs_reconnect'; readonly reason: string };

/** One platform's API, as the publisher and the connection flow use it. */
export type PlatformGateway = {
  readonly platform: Platform;
  /**
   * Takes the next step of publishing `job.post`, reading the handles of earlier steps from
   * `job.post.publishProgress`. A step whose outcome is unknown must be checked against the
   * platform before anything is sent again.
   */
  publishStep(job: PublishJob): Promise<PublishStep>;
  /** Exchanges the account's refresh material for fresh tokens; null when it must reconnect. */
  refreshCredentials(
    account: ConnectedAccount,
    credentials: Readonly<Record<string, unknown>>,
  ): Promise<{ credentials: Record<string, unknown>; expiresAt: Date | null } | null>;
};

import type { PostMetrics } from './analytics-metrics.js';

/** One published post whose metrics are asked for. */
export type MetricsTarget = { readonly postId: string; readonly platformPostId: string };

/** What the platform said of one post's metrics. */
export type PostMetricsReading =
  | { readonly postId: string; readonly kind: 'metrics'; readonly metrics: PostMetrics }
  /** The platform has no figures for it (Instagram code 10, too few viewers; a post it no longer shows). */
  | { readonly postId: string; readonly kind: 'not_available' };

/** The outcome of reading a batch of posts' metrics. */
export type MetricsAnswer =
  | { readonly kind: 'read'; readonly readings: readonly PostMetricsReading[] }
  /** The access token was refused as expired: refresh it and ask again, once. */
  | { readonly kind: 'token_expired' }
  /** The token lacks the permission to read insights: the account's coverage says so. */
  | { readonly kind: 'scope_missing'; readonly reason: string }
  | { readonly kind: 'needs_reconnect'; readonly reason: string }
  /** A transient fault or a rate limit: ask again after `afterMs`. */
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string };

/** The outcome of reading an account's follower count. */
export type FollowersAnswer =
  /** Null when the platform gives none (Threads without insights, a YouTube channel hiding it). */
  | { readonly kind: 'followers'; readonly count: number | null }
  | Exclude<MetricsAnswer, { readonly kind: 'read' }>;

/** A post whose public id the platform held back, as the collector asks about it. */
export type PublicIdTarget = {
  readonly postId: string;
  /** The publish's handle the platform answered (TikTok's `publish_id`). */
  readonly platformPostId: string;
  /** The account's handle, for the post's link. */
  readonly handle: string;
};

/** What the platform says of a held-back public id now. */
export type PublicIdAnswer =
  /** It came: the post's public id and link. */
  | { readonly kind: 'public'; readonly platformPostId: string; readonly permalink: string | null }
  /** Still held back (moderation goes on): ask again later. */
  | { readonly kind: 'pending' }
  /** It will never come (the publish failed after all, the post is private or gone): stop asking. */
  | { readonly kind: 'never'; readonly reason: string }
  | Exclude<MetricsAnswer, { readonly kind: 'read' } | { readonly kind: 'scope_missing' }>;

import type { PostMetrics } from '../../analytics/index.js';
import type { Platform } from '../../kernel/index.js';
import type { Post, PublishProgress } from '../../posts/index.js';
import type { ConnectedAccount } from '../connected-account.js';

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
};

/**
 * The result of one publish step. The engine saves `progress` before asking for the next step,
 * so a restarted publisher resumes from the last recorded step instead of posting twice.
 */
export type PublishStep =
  /**
   * A step was taken; its handles are saved before the next step. `waitMs` asks for a pause
   * first (a container the platform is still processing); the publisher keeps its lease meanwhile.
   */
  | { readonly kind: 'progress'; readonly progress: PublishProgress; readonly waitMs?: number }
  | { readonly kind: 'published'; readonly platformPostId: string; readonly permalink: string | null }
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

/** What the browser is sent to, to start a platform's OAuth consent. */
export type AuthorizationRequest = {
  /** Opaque value the platform hands back to the callback; binds the callback to our request. */
  readonly state: string;
  /** Our callback URL, registered with the platform app. */
  readonly redirectUri: string;
  /** PKCE verifier; adapters of platforms that support PKCE send its S256 challenge. */
  readonly codeVerifier: string;
};

/** One platform account an authorization code gave us access to. */
export type ConnectedProfile = {
  readonly platformAccountId: string;
  readonly handle: string;
  readonly profileUrl: string;
  readonly profileImageUrl: string | null;
  readonly followerCount: number | null;
  /** The tokens to store (sealed) and hand back to the adapter when it publishes. */
  readonly credentials: Record<string, unknown>;
  /** When the access token stops working; null when it does not expire. */
  readonly tokenExpiresAt: Date | null;
};

/** The outcome of exchanging an authorization code. */
export type CodeExchange =
  | { readonly kind: 'connected'; readonly profiles: readonly ConnectedProfile[] }
  | { readonly kind: 'refused'; readonly reason: string };

/** Fresh tokens from a refresh. */
export type RefreshedCredentials = {
  readonly credentials: Record<string, unknown>;
  readonly expiresAt: Date | null;
};

/** What a creator may choose when posting, read live from the platform (TikTok `creator_info`). */
export type PostingOptions = {
  /** The privacy levels this creator may post with, e.g. `PUBLIC_TO_EVERYONE`, `SELF_ONLY`. */
  readonly privacyLevels: readonly string[];
  /** True when the creator turned the interaction off in the app; posts must then keep it off. */
  readonly commentDisabled: boolean;
  readonly duetDisabled: boolean;
  readonly stitchDisabled: boolean;
  /** The longest video the creator may post, in seconds; null when the platform does not say. */
  readonly maxVideoDurationSec: number | null;
  readonly creator: {
    readonly username: string | null;
    readonly nickname: string | null;
    readonly avatarUrl: string | null;
  };
};

/** The outcome of reading a creator's posting options. */
export type PostingOptionsAnswer =
  | { readonly kind: 'options'; readonly options: PostingOptions }
  /** The access token was refused as expired: refresh it and ask again, once. */
  | { readonly kind: 'token_expired' }
  | { readonly kind: 'needs_reconnect'; readonly reason: string }
  /** The platform says the creator cannot post right now (TikTok `spam_risk_*`, a banned account). */
  | { readonly kind: 'cannot_post'; readonly reason: string }
  /** A transient fault (rate limit, 5xx, timeout). */
  | { readonly kind: 'unavailable'; readonly reason: string };

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

/** What the platform answered to a reply to a comment (platforms.md 1.6). */
export type CommentReplyAnswer =
  | { readonly kind: 'sent'; readonly replyId: string }
  /** Meta allows one private reply per comment: the refusal means an earlier one went out. */
  | { readonly kind: 'already_replied' }
  /** The comment is older than the private-reply window (7 days). */
  | { readonly kind: 'window_closed' }
  /** Refused for good (the comment is gone, the commenter cannot be messaged): the reason says why. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** The access token was refused as expired: refresh it and try again, once. */
  | { readonly kind: 'token_expired' }
  | { readonly kind: 'needs_reconnect'; readonly reason: string }
  /** A transient fault or a rate limit: try again after `afterMs`. */
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string };

/** Whether the account already answered a comment publicly, read back after a restart. */
export type PublicReplyLookup =
  | { readonly kind: 'found'; readonly replyId: string }
  | { readonly kind: 'none' }
  | Extract<CommentReplyAnswer, { readonly kind: 'token_expired' | 'needs_reconnect' | 'retry' }>;

/** Starting the account's comment webhooks, or why not. */
export type CommentSubscription =
  | { readonly kind: 'subscribed' }
  | Extract<CommentReplyAnswer, { readonly kind: 'token_expired' | 'needs_reconnect' | 'retry' | 'refused' }>;

/** Answering comments on the account's posts (Instagram comment automations). Never rejects. */
export type CommentReplies = {
  /**
   * The permissions comment automations need that the stored grant lacks; empty when all were
   * granted, or when the grant does not say (the platform's refusal will).
   */
  missingPermissions(credentials: Readonly<Record<string, unknown>>): readonly string[];
  /** Subscribes the account to comment webhooks (idempotent). */
  subscribe(credentials: Readonly<Record<string, unknown>>): Promise<CommentSubscription>;
  /** Sends a direct message to the commenter, anchored to the comment. */
  sendPrivateReply(
    credentials: Readonly<Record<string, unknown>>,
    reply: { readonly commentId: string; readonly text: string },
  ): Promise<CommentReplyAnswer>;
  /** Posts a reply under the comment. */
  sendPublicReply(
    credentials: Readonly<Record<string, unknown>>,
    reply: { readonly commentId: string; readonly text: string },
  ): Promise<CommentReplyAnswer>;
  /** Looks for a reply by the account under the comment. */
  findPublicReply(
    credentials: Readonly<Record<string, unknown>>,
    commentId: string,
  ): Promise<PublicReplyLookup>;
};

/** One platform's API, as the publisher and the connection flow use it. */
export type PlatformGateway = {
  readonly platform: Platform;
  /**
   * Refresh tokens this long before they expire (proactively, before a publish). Null when the
   * platform's tokens cannot be refreshed ahead of time.
   */
  readonly refreshMarginMs: number | null;
  /** The platform's consent page URL for this request. */
  authorizeUrl(request: AuthorizationRequest): string;
  /** Exchanges the callback's code for tokens and reads the account's profile. */
  exchangeCode(input: CodeCallback): Promise<CodeExchange>;
  /**
   * Takes the next step of publishing `job.post`, reading the handles of earlier steps from
   * `job.post.publishProgress`. A step whose outcome is unknown must be checked against the
   * platform before anything is sent again.
   */
  publishStep(job: PublishJob): Promise<PublishStep>;
  /**
   * Exchanges the account's refresh material for fresh tokens; null when the platform refused
   * (the account must reconnect). Rejects on transient faults (network, 5xx).
   */
  refreshCredentials(
    account: ConnectedAccount,
    credentials: Readonly<Record<string, unknown>>,
  ): Promise<RefreshedCredentials | null>;
  /**
   * The creator's live posting options, for platforms that have them (TikTok). Never rejects:
   * faults come back as `unavailable`.
   */
  postingOptions?(credentials: Readonly<Record<string, unknown>>): Promise<PostingOptionsAnswer>;
  /** How many posts one `readMetrics` call takes (TikTok 20, YouTube 50, Graph platforms 1 per call). */
  readonly metricsBatchSize?: number;
  /**
   * The latest metrics of published posts of one account, at most `metricsBatchSize`. Never
   * rejects for a platform's refusal: it comes back as its kind; faults come back as `retry`.
   */
  readMetrics?(
    credentials: Readonly<Record<string, unknown>>,
    targets: readonly MetricsTarget[],
  ): Promise<MetricsAnswer>;
  /** The account's follower count now. Never rejects, like `readMetrics`. */
  readFollowers?(credentials: Readonly<Record<string, unknown>>): Promise<FollowersAnswer>;
  /** Comment replies, for platforms with comment automations (Instagram). */
  readonly commentReplies?: CommentReplies;
};

/** What the consent page's callback brought back, with the request's PKCE verifier. */
export type CodeCallback = {
  readonly code: string;
  readonly redirectUri: string;
  readonly codeVerifier: string;
};

/** The gateways the service has, one per platform it can publish to. */
export type PlatformGateways = Readonly<Partial<Record<Platform, PlatformGateway>>>;

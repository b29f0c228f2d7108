import type { Platform } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';

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
  | {
      readonly kind: 'refused';
      readonly reason: string;
      /** Scopes the connection needs that the person did not grant (`connection_missing_scopes`). */
      readonly missingScopes?: readonly string[];
    };

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

/**
 * One platform's API as the connection flow uses it: consent, code exchange, token refresh,
 * posting options and comment replies. Publishing and metrics are the publishing and analytics
 * areas' parts; `PlatformGateway` (deps) is all of them.
 */
export type AccountGateway = {
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
  /** Comment replies, for platforms with comment automations (Instagram). */
  readonly commentReplies?: CommentReplies;
};

/** What the consent page's callback brought back, with the request's PKCE verifier. */
export type CodeCallback = {
  readonly code: string;
  readonly redirectUri: string;
  readonly codeVerifier: string;
};

/** A comment on a published Instagram media; a reply is a comment with a `parentId`. */
export type InstagramComment = {
  /** A numeric string, like Instagram's comment ids. */
  readonly id: string;
  readonly mediaId: string;
  /** The media owner's Instagram user id (the webhook entry's id). */
  readonly igUserId: string;
  /** The commenter: a visitor's stable id, or the owner account itself for its public replies. */
  readonly from: { readonly id: string; readonly username: string };
  readonly text: string;
  /** The top-level comment this replies to; null for a top-level comment. */
  readonly parentId: string | null;
  /** When it was made, by the sandbox clock (milliseconds). */
  readonly timestamp: number;
};

/** The one private reply (a DM to the commenter) a comment may get. */
export type InstagramPrivateReply = {
  readonly commentId: string;
  /** The commenter's id, as the Send API answers `recipient_id`. */
  readonly recipientId: string;
  readonly messageId: string;
  readonly text: string;
  /** When it was sent, by the sandbox clock (milliseconds). */
  readonly at: number;
};

/** One HTTP request the webhook emitter made: a verification handshake or an event delivery. */
export type WebhookAttempt = {
  readonly kind: 'verification' | 'event';
  readonly url: string;
  /** The HTTP status answered; null when the request failed (refused connection, timeout). */
  readonly status: number | null;
  /** The exact body POSTed (events) or the challenge sent (verification). */
  readonly body: string;
  /** 1 for the first try of a delivery, then 2, 3… for its retries; always 1 for handshakes. */
  readonly attempt: number;
  /** True for the second copy of a delivery sent twice. */
  readonly duplicate: boolean;
  /** The comment an event delivers; null for handshakes. */
  readonly commentId: string | null;
  /** Why the request failed, when `status` is null or the handshake was refused. */
  readonly error: string | null;
  /** Wall-clock time of the request (the retries wait in real time, not on the sandbox clock). */
  readonly at: Date;
};

/** Comments, private replies, webhook subscriptions and the webhook emitter's bookkeeping. */
export type InstagramState = {
  /** Every comment by id, in the order they were made. */
  readonly comments: Map<string, InstagramComment>;
  /** Comment id → its private reply. */
  readonly privateReplies: Map<string, InstagramPrivateReply>;
  /** Instagram user id → the `subscribed_fields` of the app's subscription to that account. */
  readonly subscriptions: Map<string, readonly string[]>;
  /** `<callbackUrl>\n<verifyToken>` pairs whose handshake succeeded. */
  readonly verified: Set<string>;
  /** Handshakes under way, shared by deliveries that start meanwhile. */
  readonly verifying: Map<string, Promise<boolean>>;
  /** Every webhook request made, oldest first. */
  readonly attempts: WebhookAttempt[];
  /** Deliveries still running (waiting for a retry included). */
  readonly pending: Set<Promise<void>>;
  /** Retry waits, so a reset can cut them short. */
  readonly waits: Map<ReturnType<typeof setTimeout>, () => void>;
  /** Bumped by reset: deliveries of an older epoch stop and log nothing more. */
  epoch: number;
};

/** Empty Instagram engagement state. */
export function createInstagramState(): InstagramState {
  return {
    comments: new Map(),
    privateReplies: new Map(),
    subscriptions: new Map(),
    verified: new Set(),
    verifying: new Map(),
    attempts: [],
    pending: new Set(),
    waits: new Map(),
    epoch: 0,
  };
}

/** Forgets everything and ends the retry waits of running deliveries, which then stop. */
export function resetInstagramState(state: InstagramState): void {
  state.epoch += 1;
  state.comments.clear();
  state.privateReplies.clear();
  state.subscriptions.clear();
  state.verified.clear();
  state.verifying.clear();
  state.attempts.length = 0;
  for (const [timer, wake] of state.waits) {
    clearTimeout(timer);
    wake();
  }
  state.waits.clear();
}

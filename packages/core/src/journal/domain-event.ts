/**
 * What happened, as the event journal records it. Every state change of a post, an account, a
 * media asset or an automation yields one from core, and the store appends it in the same transaction as the
 * change; webhooks, the console's activity and analytics scheduling read them in order.
 */
export const DOMAIN_EVENT_TYPES = [
  'post.scheduled',
  'post.publishing',
  'post.posted',
  /** A posted post's public id and link arrived later (TikTok's moderation). */
  'post.permalink_ready',
  'post.failed',
  /** Back in the queue after an attempt: a retry or a platform quota deferral. */
  'post.retrying',
  /** A person asked for a failed post to be published again (`retryPost`). */
  'post.retry_requested',
  /**
   * A draft or a scheduled post was edited or moved: which parts changed (`changed`), and the time
   * from and to on a move. Journal-only: not among the webhook events (docs/events.md).
   */
  'post.edited',
  'post.deleted',
  'post.restored',
  /** A copy of an evergreen post entered its account's queue (docs/queue.md); the subject is the copy. */
  'post.recycled',
  /** An evergreen post's period passed without a copy, and why (`reason`); the subject is the original. */
  'post.recycle_skipped',
  'post.approval_requested',
  'post.approved',
  'post.rejected',
  'account.connected',
  'account.reconnected',
  'account.needs_reconnect',
  'account.disconnected',
  /** A token that cannot be refreshed lapses within 7 days: reconnect before posts fail. */
  'account.token_expiring',
  'media.ready',
  'media.deleted',
  'automation.created',
  'automation.paused',
  'automation.resumed',
  'automation.deleted',
  /** A client opened a review link (docs/teams.md, "Review links"); the subject is the link. */
  'review_link.opened',
  /** A client approved or rejected a post through a review link; the subject is the post. */
  'review_link.decided',
] as const;

/** The kind of a domain event. */
export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/**
 * Who can cause a change the journal records: a member signed in to the console, an API key, an
 * agent (an OAuth grant), a client through a review link, the server operator (the `svc` CLI), or
 * the service itself (the publisher, the collectors, the sweeps).
 */
export const EVENT_ACTOR_KINDS = ['member', 'key', 'agent', 'review_link', 'operator', 'system'] as const;

/** The kind of an event's actor. */
export type EventActorKind = (typeof EVENT_ACTOR_KINDS)[number];

/**
 * Who caused an event, as the journal keeps it: small and flat, so a reader can show "who did
 * what" without looking anything up (the label is what the actor was called at the time).
 */
export type EventActor = {
  readonly kind: EventActorKind;
  /** The user, key, OAuth client or review link id; `operator` and `system` for those two. */
  readonly id: string;
  /** A name to show: the person's address, with the key or client that acted for them. */
  readonly label: string;
};

/** A JSON value, as event data is stored. */
export type EventData = Readonly<Record<string, string | number | boolean | null>>;

/** One thing that happened, before the journal gives it a position. */
export type DomainEvent = {
  readonly type: DomainEventType;
  readonly at: Date;
  /** The user whose resource it is: consumers see only their owner's events. */
  readonly ownerId: string;
  /** The post, account or media asset it is about. */
  readonly subjectId: string;
  /** What a consumer needs besides the subject (platform, permalink, reason, …); flat JSON. */
  readonly data: EventData;
  /**
   * Who caused it (docs/events.md, "Who did it"): stamped by the use case from its Actor
   * (`actedBy`, `eventActorOf`); left out by the service's own paths, which the store records as
   * `SYSTEM_ACTOR` (`recordedActor`).
   */
  readonly actor?: EventActor;
};

/** An event as the journal holds it: in order, with where a reader goes on from. */
export type JournalEvent = Omit<DomainEvent, 'actor'> & {
  /** Who caused it; null for an event recorded before the journal kept actors (migration 0038). */
  readonly actor: EventActor | null;
  /** Increasing in the order the store assigned it (unique, with gaps). */
  readonly seq: number;
  /**
   * Opaque: pass it as `after` to read the events that follow. Positions sort in journal order,
   * which on PostgreSQL is the order events were numbered once committed, not `seq` order (see
   * `EventStore.listEvents`).
   */
  readonly position: string;
};

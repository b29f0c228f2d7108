import type { ConnectedAccount } from '../../accounts/index.js';
import type { DomainEvent } from '../../journal/index.js';
import type { LeaseClaim } from '../../kernel/index.js';
import type { Automation } from '../automation.js';
import type { CommentStage, CounterIncrement } from '../comment-stage.js';
import type { InboxComment } from '../comment-webhook.js';

/** An inbox comment leased to one worker, with how far it got. */
export type CommentJob = InboxComment & {
  readonly stage: CommentStage;
  /** The automation answering it, once matched. */
  readonly automationId: string | null;
  /** Faults so far (each deferral after a transient failure counts one). */
  readonly attempts: number;
};

/** A comment's next stage, written with its counters in one transaction. */
export type CommentAdvance = {
  readonly commentId: string;
  readonly leaseOwner: string;
  readonly at: Date;
  readonly stage: CommentStage;
  readonly automationId: string | null;
  /** Why a `done` comment ended (`replied`, `no_automation`, a skip or failure reason); else null. */
  readonly outcome: string | null;
  readonly counters: readonly CounterIncrement[];
};

/** A live automation together with the account it answers for. */
export type LiveAutomation = { readonly automation: Automation; readonly account: ConnectedAccount };

/**
 * Comment automations and their inbox. Webhook deliveries land in the inbox (each comment id
 * once); reply workers lease inbox comments (on PostgreSQL several at once, never the same
 * comment), and every step is written with the automation's counters in one transaction.
 */
export type AutomationStore = {
  /** Stores a new automation with its journal events. */
  createAutomation(automation: Automation, events: readonly DomainEvent[]): Promise<void>;
  /** An automation with its counts, or null. */
  getAutomation(id: string): Promise<Automation | null>;
  /** The owner's automations (only those of `accountIds` when given), newest first. */
  listAutomations(ownerId: string, accountIds: readonly string[] | null): Promise<Automation[]>;
  /**
   * Saves a changed automation (state, post; never counts) with its events. False when it no
   * longer exists.
   */
  updateAutomation(automation: Automation, events: readonly DomainEvent[]): Promise<boolean>;
  /** Removes an automation and its counts, with its events. False when it did not exist. */
  deleteAutomation(id: string, events: readonly DomainEvent[]): Promise<boolean>;
  /**
   * The live automations watching `mediaId` on the active Instagram account whose platform id is
   * `igUserId` (any owner), oldest first.
   */
  liveAutomations(igUserId: string, mediaId: string): Promise<LiveAutomation[]>;
  /**
   * Adds webhook comments to the inbox as `new`, due at once; a comment id already there is left
   * as it is (Meta redelivers). Answers how many were new.
   */
  recordComments(comments: readonly InboxComment[]): Promise<number>;
  /**
   * Leases up to `limit` comments not `done`, due at `now` and without a live lease, oldest due
   * first, to `leaseOwner` until `leaseUntil`.
   */
  claimComments(request: LeaseClaim): Promise<CommentJob[]>;
  /**
   * Moves a leased comment to its next stage and adds its counters, in one transaction. Moving to
   * `private_sending` also stamps the comment as one private-reply call of its account at `at`
   * (`privateRepliesSince`). A `done` comment's lease is released. False when the lease was lost
   * (nothing written).
   */
  advanceComment(advance: CommentAdvance): Promise<boolean>;
  /** Releases the lease after a fault: due again at `until`, one more attempt counted. */
  deferComment(commentId: string, leaseOwner: string, until: Date): Promise<boolean>;
  /** How many private replies the account (by Instagram id) was marked to send since `since`. */
  privateRepliesSince(igUserId: string, since: Date): Promise<number>;
  /** One inbox comment as it stands (lease aside), or null. */
  getComment(commentId: string): Promise<(CommentJob & { readonly outcome: string | null }) | null>;
};

import type { AccountStore, ConnectionRequestStore } from '../accounts/index.js';
import type { AnalyticsStore } from '../analytics/index.js';
import type { ApprovalStore, DraftApprovalStore, ReviewLinkStore } from '../approvals/index.js';
import type { AutomationStore } from '../automations/index.js';
import type { BillingStore } from '../billing/index.js';
import type { ApiKeyStore, OAuthStore, UserStore } from '../identity/index.js';
import type { EventStore } from '../journal/index.js';
import type { Wakeups } from '../kernel/index.js';
import type { RateLimitStore } from '../limits/index.js';
import type { MediaStore } from '../media/index.js';
import type { NotificationStore } from '../notifications/index.js';
import type { PostStore } from '../posts/index.js';
import type { PostingSlotStore } from '../queue/index.js';
import type { SecondFactorStore } from '../second-factor/index.js';
import type { WorkspaceStore } from '../teams/index.js';
import type { WebhookStore } from '../webhooks/index.js';

/** Every storage port, as one database implements them. */
export type Store = {
  /** Posts, and approving a draft, which writes post rows and the approval in one transaction. */
  readonly posts: PostStore & DraftApprovalStore;
  /** Users; inserting one also creates its personal workspace and owner membership. */
  readonly users: UserStore;
  /** Workspaces, their members and invitations (docs/teams.md). */
  readonly workspaces: WorkspaceStore;
  readonly apiKeys: ApiKeyStore;
  readonly accounts: AccountStore;
  /** Each account's weekly posting slots (docs/queue.md). */
  readonly postingSlots: PostingSlotStore;
  readonly media: MediaStore;
  readonly connectionRequests: ConnectionRequestStore;
  readonly approvals: ApprovalStore;
  /** Review links for clients and the decisions made through them (docs/teams.md). */
  readonly reviewLinks: ReviewLinkStore;
  readonly billing: BillingStore;
  /** Clients, grants, codes, tokens and sessions of the OAuth authorization server. */
  readonly oauth: OAuthStore;
  /** The event journal: every state change's event, in order. */
  readonly events: EventStore;
  /** Metric collection, its snapshots and the aggregates of analytics answers. */
  readonly analytics: AnalyticsStore;
  /** Instagram comment automations, their counts and the webhook comment inbox. */
  readonly automations: AutomationStore;
  /** Outgoing webhooks: subscriptions, the journal fan-out and the delivery queue. */
  readonly webhooks: WebhookStore;
  /** E-mail notifications: each person's choices and the outbox fed by the journal. */
  readonly notifications: NotificationStore;
  /** Shared rate-limit counters (API keys, client addresses, sign-in attempts). */
  readonly rateLimits: RateLimitStore;
  /** Second factors: authenticator app secrets (sealed), recovery code hashes and passkeys. */
  readonly secondFactors: SecondFactorStore;
  /**
   * Wakes workers when work appears (docs/webhooks.md#wake-ups): the store notifies `journal` once
   * an append committed; use cases notify the other topics after their writes.
   */
  readonly wakeups: Wakeups;
  /** Resolves when the database answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /** Releases the database; the store is unusable afterwards. */
  close(): Promise<void>;
};

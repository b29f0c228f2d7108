import type { AccountStore } from './account-store.js';
import type { AnalyticsStore } from './analytics-store.js';
import type { ApiKeyStore } from './api-key-store.js';
import type { ApprovalStore } from './approval-store.js';
import type { AutomationStore } from './automation-store.js';
import type { BillingStore } from './billing-store.js';
import type { ConnectionRequestStore } from './connection-request-store.js';
import type { EventStore } from './event-store.js';
import type { MediaStore } from './media-store.js';
import type { OAuthStore } from './oauth-store.js';
import type { PostStore } from './post-store.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { UserStore } from './user-store.js';
import type { WebhookStore } from './webhook-store.js';

/** Every storage port, as one database implements them. */
export type Store = {
  readonly posts: PostStore;
  readonly users: UserStore;
  readonly apiKeys: ApiKeyStore;
  readonly accounts: AccountStore;
  readonly media: MediaStore;
  readonly connectionRequests: ConnectionRequestStore;
  readonly approvals: ApprovalStore;
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
  /** Shared rate-limit counters (API keys, client addresses, sign-in attempts). */
  readonly rateLimits: RateLimitStore;
  /** Resolves when the database answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /** Releases the database; the store is unusable afterwards. */
  close(): Promise<void>;
};

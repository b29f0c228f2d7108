import type { ConnectedAccount } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import { createLocalWakeups } from '../kernel/index.js';
import type { MediaAsset } from '../media/index.js';
import type { Post } from '../posts/index.js';
import type { PostingSchedule } from '../queue/index.js';
import { createMemoryAccountStore } from './memory-account-store.js';
import { createMemoryAnalyticsStore } from './memory-analytics-store.js';
import { createMemoryApiKeyStore } from './memory-api-key-store.js';
import { createMemoryApprovalStore } from './memory-approval-store.js';
import { createMemoryAutomationStore } from './memory-automation-store.js';
import { createMemoryBillingStore } from './memory-billing-store.js';
import { createMemoryConnectionRequestStore } from './memory-connection-request-store.js';
import { copy } from './memory-copy.js';
import { createMemoryJournal } from './memory-journal.js';
import { createMemoryMediaStore } from './memory-media-store.js';
import { createMemoryNotificationStore } from './memory-notification-store.js';
import { createMemoryOAuthStore } from './memory-oauth-store.js';
import { createMemoryPostStore } from './memory-post-store.js';
import { createMemoryPostingSlotStore } from './memory-posting-slot-store.js';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import { createMemoryReviewLinkStore } from './memory-review-link-store.js';
import { createMemorySecondFactorStore } from './memory-second-factor-store.js';
import { createMemoryUserStore } from './memory-user-store.js';
import { createMemoryWebhookStore } from './memory-webhook-store.js';
import { createMemoryWorkspaceStore } from './memory-workspace-store.js';

/**
 * Every storage port in memory, with the same behaviour as the SQL stores (it passes the same
 * contract suite). Each operation runs without awaiting in between, so it is atomic. Values are
 * copied in and out, so callers can never change stored state by mutating what they hold.
 * Each port is its own memory-*-store.ts; the maps several ports read are made here and shared.
 */
export function createMemoryStore(): Store {
  const posts = new Map<string, Post>();
  const accounts = new Map<string, ConnectedAccount>();
  const media = new Map<string, MediaAsset>();
  const mediaSources = new Map<string, string>();
  const storageUsed = new Map<string, number>();
  const schedules = new Map<string, PostingSchedule>();
  let closed = false;

  const live = () => {
    if (closed) throw new Error('The store is closed.');
  };
  const workspaces = createMemoryWorkspaceStore(live);
  const users = createMemoryUserStore(live, workspaces.addPersonal);
  const approvals = createMemoryApprovalStore(live);
  const journal = createMemoryJournal(live, (id) => posts.get(id));
  const wakeups = createLocalWakeups();
  // Operations are atomic, so the wake-up (delivered in a microtask) follows the whole change.
  const append: typeof journal.append = (events) => {
    journal.append(events);
    if (events.length > 0) wakeups.notify('journal');
  };
  const analytics = createMemoryAnalyticsStore({
    live,
    accounts,
    eventsAfter: journal.after,
    post: (id) => {
      const post = posts.get(id);
      return post === undefined ? undefined : copy(post);
    },
  });

  return {
    posts: createMemoryPostStore({
      live,
      posts,
      media,
      mediaSources,
      storageUsed,
      approvals,
      analytics,
      append,
    }),
    users,
    workspaces,
    apiKeys: createMemoryApiKeyStore(live, users.peek),
    accounts: createMemoryAccountStore({ live, accounts, posts, append }),
    postingSlots: createMemoryPostingSlotStore(live, accounts, schedules),
    media: createMemoryMediaStore({ live, media, mediaSources, storageUsed, posts, append }),
    connectionRequests: createMemoryConnectionRequestStore(live),
    billing: createMemoryBillingStore(live),
    approvals,
    reviewLinks: createMemoryReviewLinkStore(live, append),
    oauth: createMemoryOAuthStore(live),
    events: journal.store,
    analytics,
    automations: createMemoryAutomationStore({ live, accounts, append }),
    webhooks: createMemoryWebhookStore(live),
    notifications: createMemoryNotificationStore(live),
    rateLimits: createMemoryRateLimitStore(live),
    secondFactors: createMemorySecondFactorStore(live),
    wakeups,
    async ping() {
      live();
    },
    async close() {
      closed = true;
    },
  };
}

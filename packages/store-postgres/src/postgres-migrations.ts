import { migration0001Initial } from './migrations/0001-initial.js';
import { migration0002QuotaUsage } from './migrations/0002-quota-usage.js';
import { migration0003DropPostsOwnerCreated } from './migrations/0003-drop-posts-owner-created.js';
import { migration0004MediaLibrary } from './migrations/0004-media-library.js';
import { migration0005ConnectionRequests } from './migrations/0005-connection-requests.js';
import { migration0006DraftsAndApprovals } from './migrations/0006-drafts-and-approvals.js';
import { migration0007Billing } from './migrations/0007-billing.js';
import { migration0008OAuth } from './migrations/0008-oauth.js';
import { migration0009PostContentHash } from './migrations/0009-post-content-hash.js';
import { migration0010EventJournal } from './migrations/0010-event-journal.js';
import { migration0011Analytics } from './migrations/0011-analytics.js';
import { migration0012FollowerReads } from './migrations/0012-follower-reads.js';
import { migration0013Automations } from './migrations/0013-automations.js';
import { migration0014EventSubjects } from './migrations/0014-event-subjects.js';
import { migration0015OAuthAccounts } from './migrations/0015-oauth-accounts.js';
import { migration0016MediaLibraryList } from './migrations/0016-media-library-list.js';
import { migration0017UserTimeZone } from './migrations/0017-user-time-zone.js';
import { migration0018LastUse } from './migrations/0018-last-use.js';
import { migration0019Webhooks } from './migrations/0019-webhooks.js';
import { migration0020TokenExpiryWarnings } from './migrations/0020-token-expiry-warnings.js';
import { migration0021EventsOwner } from './migrations/0021-events-owner.js';
import { migration0022PendingMedia } from './migrations/0022-pending-media.js';
import { migration0023RateLimits } from './migrations/0023-rate-limits.js';
import { migration0024BlobRemovals } from './migrations/0024-blob-removals.js';
import { migration0025Sweeps } from './migrations/0025-sweeps.js';
import { migration0026PostWarnings } from './migrations/0026-post-warnings.js';
import { migration0027PostGroups } from './migrations/0027-post-groups.js';
import { migration0028JournalClock } from './migrations/0028-journal-clock.js';
import { migration0029PostingSlots } from './migrations/0029-posting-slots.js';
import { migration0030Evergreen } from './migrations/0030-evergreen.js';
import { migration0031QueuedDrafts } from './migrations/0031-queued-drafts.js';
import { migration0032Workspaces } from './migrations/0032-workspaces.js';
import { migration0033Notifications } from './migrations/0033-notifications.js';
import { migration0034FirstComment } from './migrations/0034-first-comment.js';
import { migration0035WorkspaceCredentials } from './migrations/0035-workspace-credentials.js';
import { migration0036ReviewLinks } from './migrations/0036-review-links.js';
import { migration0038JournalActor } from './migrations/0038-journal-actor.js';
import type { PostgresMigration } from './postgres-migration.js';

/**
 * Every migration, oldest first, one per id of `MIGRATION_IDS` (@svc/store-sql) so a number means
 * the same change as on SQLite. Kept in TypeScript so the build bundles them. To change the
 * schema, append the id there, add `migrations/NNNN-what.ts` in both dialects and append it here.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  migration0001Initial,
  migration0002QuotaUsage,
  migration0003DropPostsOwnerCreated,
  migration0004MediaLibrary,
  migration0005ConnectionRequests,
  migration0006DraftsAndApprovals,
  migration0007Billing,
  migration0008OAuth,
  migration0009PostContentHash,
  migration0010EventJournal,
  migration0011Analytics,
  migration0012FollowerReads,
  migration0013Automations,
  migration0014EventSubjects,
  migration0015OAuthAccounts,
  migration0016MediaLibraryList,
  migration0017UserTimeZone,
  migration0018LastUse,
  migration0019Webhooks,
  migration0020TokenExpiryWarnings,
  migration0021EventsOwner,
  migration0022PendingMedia,
  migration0023RateLimits,
  migration0024BlobRemovals,
  migration0025Sweeps,
  migration0026PostWarnings,
  migration0027PostGroups,
  migration0028JournalClock,
  migration0029PostingSlots,
  migration0030Evergreen,
  migration0031QueuedDrafts,
  migration0032Workspaces,
  migration0033Notifications,
  migration0034FirstComment,
  migration0035WorkspaceCredentials,
  migration0036ReviewLinks,
  migration0038JournalActor,
];

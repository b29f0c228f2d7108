import { migration0001Initial } from './migrations/0001-initial.js';
import { migration0002MediaLibrary } from './migrations/0002-media-library.js';
import { migration0003ConnectionRequests } from './migrations/0003-connection-requests.js';
import { migration0004DraftsAndApprovals } from './migrations/0004-drafts-and-approvals.js';
import { migration0005Billing } from './migrations/0005-billing.js';
import { migration0006OAuth } from './migrations/0006-oauth.js';
import { migration0007PostContentHash } from './migrations/0007-post-content-hash.js';
import { migration0008EventJournal } from './migrations/0008-event-journal.js';
import { migration0009Analytics } from './migrations/0009-analytics.js';
import { migration0010FollowerReads } from './migrations/0010-follower-reads.js';
import { migration0011Automations } from './migrations/0011-automations.js';
import { migration0012EventSubjects } from './migrations/0012-event-subjects.js';
import { migration0013OAuthAccounts } from './migrations/0013-oauth-accounts.js';
import { migration0014MediaLibraryList } from './migrations/0014-media-library-list.js';
import { migration0015UserTimeZone } from './migrations/0015-user-time-zone.js';
import { migration0016LastUse } from './migrations/0016-last-use.js';
import { migration0017Webhooks } from './migrations/0017-webhooks.js';
import { migration0018TokenExpiryWarnings } from './migrations/0018-token-expiry-warnings.js';
import { migration0019EventsOwner } from './migrations/0019-events-owner.js';
import { migration0020PendingMedia } from './migrations/0020-pending-media.js';
import { migration0021RateLimits } from './migrations/0021-rate-limits.js';
import { migration0022BlobRemovals } from './migrations/0022-blob-removals.js';
import { migration0023Sweeps } from './migrations/0023-sweeps.js';
import type { PostgresMigration } from './postgres-migration.js';

/**
 * Every migration, oldest first. Kept in TypeScript so the build bundles them. To change the
 * schema, add `migrations/NNNN-what.ts` and append it here.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  migration0001Initial,
  migration0002MediaLibrary,
  migration0003ConnectionRequests,
  migration0004DraftsAndApprovals,
  migration0005Billing,
  migration0006OAuth,
  migration0007PostContentHash,
  migration0008EventJournal,
  migration0009Analytics,
  migration0010FollowerReads,
  migration0011Automations,
  migration0012EventSubjects,
  migration0013OAuthAccounts,
  migration0014MediaLibraryList,
  migration0015UserTimeZone,
  migration0016LastUse,
  migration0017Webhooks,
  migration0018TokenExpiryWarnings,
  migration0019EventsOwner,
  migration0020PendingMedia,
  migration0021RateLimits,
  migration0022BlobRemovals,
  migration0023Sweeps,
];

import { SHARED_MIGRATION_SQL } from '@svc/store-sql';
import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * What the sweeps read and write. `posts_deleted`: soft-deleted posts by deletion time, the purge's
 * queue (live posts, nearly all of them, stay out). `posts_owner_deleted`: an owner's soft-deleted
 * posts, for the purge's "does another post still use this copy" and the restorable list.
 * `webhook_messages_created`: messages oldest first, the webhook retention's queue; the
 * `message_id` indexes find a message's deliveries and attempts without scanning them all.
 * `token_refresh_until`: until when a token sweep holds an account for its ahead-of-time refresh,
 * so sweeps of several processes ask the platform for one refresh, not one each.
 */
export const migration0025Sweeps: SqliteMigration = {
  id: '0025_sweeps',
  sql: `
${SHARED_MIGRATION_SQL.sweepIndexes}
ALTER TABLE connected_accounts ADD COLUMN token_refresh_until INTEGER;
`,
};

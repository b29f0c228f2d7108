import type { PostgresMigration } from '../postgres-migration.js';

/**
 * No-op, so the numbers match SQLite's: SQLite added the quota's usage counter here, after its first
 * release; PostgreSQL's first schema (0001) already had `post_quota_usage`.
 */
export const migration0002QuotaUsage: PostgresMigration = {
  id: '0002_quota_usage',
  sql: '',
};

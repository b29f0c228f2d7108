import type { MigrationId } from '@svc/store-sql';

/**
 * PostgreSQL's migration ids before both dialects were numbered alike, and each change's id now.
 * PostgreSQL was created after SQLite's 0002 and 0003, so its old numbers ran two behind for the
 * same change. `migratePostgres` records each of these rows of `schema_migrations` under its new id
 * too, under its lock, before it looks for pending migrations. The SQL of every migration is
 * unchanged, so the new row stands for exactly what was applied. Never edit: databases in the field
 * hold these ids.
 */
export const LEGACY_POSTGRES_MIGRATION_IDS: Readonly<Record<string, MigrationId>> = {
  '0002_media_library': '0004_media_library',
  '0003_connection_requests': '0005_connection_requests',
  '0004_drafts_and_approvals': '0006_drafts_and_approvals',
  '0005_billing': '0007_billing',
  '0006_oauth': '0008_oauth',
  '0007_post_content_hash': '0009_post_content_hash',
  '0008_event_journal': '0010_event_journal',
  '0009_analytics': '0011_analytics',
  '0010_follower_reads': '0012_follower_reads',
  '0011_automations': '0013_automations',
  '0012_event_subjects': '0014_event_subjects',
  '0013_oauth_accounts': '0015_oauth_accounts',
  '0014_media_library_list': '0016_media_library_list',
  '0015_user_time_zone': '0017_user_time_zone',
  '0016_last_use': '0018_last_use',
  '0017_webhooks': '0019_webhooks',
  '0018_token_expiry_warnings': '0020_token_expiry_warnings',
  '0019_events_owner': '0021_events_owner',
  '0020_pending_media': '0022_pending_media',
  '0021_rate_limits': '0023_rate_limits',
  '0022_blob_removals': '0024_blob_removals',
  '0023_sweeps': '0025_sweeps',
};

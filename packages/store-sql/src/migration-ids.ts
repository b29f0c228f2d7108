/**
 * The schema's history, one id a change, oldest first: both dialects list a migration under each id,
 * in this order (a dialect that needs nothing for a change lists a no-op under its id), so the same
 * number means the same change on SQLite and on PostgreSQL. Append here first, then in both lists.
 * Numbers only ever grow; a gap is allowed, for a number reserved by a change being merged.
 */
export const MIGRATION_IDS = [
  '0001_initial',
  '0002_quota_usage',
  '0003_drop_posts_owner_created',
  '0004_media_library',
  '0005_connection_requests',
  '0006_drafts_and_approvals',
  '0007_billing',
  '0008_oauth',
  '0009_post_content_hash',
  '0010_event_journal',
  '0011_analytics',
  '0012_follower_reads',
  '0013_automations',
  '0014_event_subjects',
  '0015_oauth_accounts',
  '0016_media_library_list',
  '0017_user_time_zone',
  '0018_last_use',
  '0019_webhooks',
  '0020_token_expiry_warnings',
  '0021_events_owner',
  '0022_pending_media',
  '0023_rate_limits',
  '0024_blob_removals',
  '0025_sweeps',
  '0026_post_warnings',
  '0027_post_groups',
  '0028_journal_clock',
  '0029_posting_slots',
  '0030_evergreen',
  '0031_queued_drafts',
  '0032_workspaces',
  '0033_notifications',
  '0034_first_comment',
  '0035_workspace_credentials',
  '0036_review_links',
  '0037_approval_steps',
  '0038_journal_actor',
  '0039_second_factors',
] as const;

/** The id of one change of the schema, as both dialects record it in `schema_migrations`. */
export type MigrationId = (typeof MIGRATION_IDS)[number];

/**
 * The SQL text that shipped migrations run the same on SQLite and PostgreSQL, written once so the
 * dialects cannot drift apart; each dialect's migration file keeps only what differs (column
 * types). History: never edit a piece once shipped, and keep each string as it is, byte for byte.
 */
export const SHARED_MIGRATION_SQL = {
  /** `0009_post_content_hash`: an owner's posts of one content around a time (the duplicate-content check). */
  postsOwnerContentIndex: `CREATE INDEX posts_owner_content ON posts (owner_id, content_hash, scheduled_time)
  WHERE status IN ('scheduled', 'publishing', 'posted') AND deleted_at IS NULL;`,

  /** `0019_webhooks`: the webhook tables' indexes, created once each dialect created the tables. */
  webhookIndexes: `-- An owner's subscriptions, newest first; the fan-out's lookup of several owners' too.
CREATE INDEX webhook_subscriptions_owner ON webhook_subscriptions (owner_id, created_at, id);

-- The delivery workers' queue in claim order; delivered and failed deliveries stay out.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending';

-- The leases held per subscription (the claim's per-subscription bound): only deliveries being
-- attempted, or whose worker died, have one.
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (subscription_id, lease_until)
  WHERE lease_until IS NOT NULL;

-- A subscription's attempts, newest first (and the cascade when it is deleted).
CREATE INDEX webhook_attempts_subscription ON webhook_attempts (subscription_id, id);`,

  /** `0025_sweeps`: the sweeps' indexes (the token sweep's column differs by dialect). */
  sweepIndexes: `CREATE INDEX posts_deleted ON posts (deleted_at, id) WHERE deleted_at IS NOT NULL;
CREATE INDEX posts_owner_deleted ON posts (owner_id, deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX webhook_messages_created ON webhook_messages (created_at, id);
CREATE INDEX webhook_deliveries_message ON webhook_deliveries (message_id);
CREATE INDEX webhook_attempts_message ON webhook_attempts (message_id);`,

  /** `0034_first_comment`, whole: three nullable TEXT columns of `posts`. */
  firstComment: `
ALTER TABLE posts ADD COLUMN first_comment_status TEXT;
ALTER TABLE posts ADD COLUMN first_comment_id TEXT;
ALTER TABLE posts ADD COLUMN first_comment_error TEXT;
`,
} as const;

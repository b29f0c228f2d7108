import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * E-mail notifications (docs/notifications.md): each person's choices per kind (a kind never
 * chosen has no row and takes its default), and the outbox the journal fans out into. The dedup
 * key (event × person × kind) is unique so a replayed fan-out adds nothing; the partial index
 * serves the senders' claim of due rows. The fan-out's cursor is the `notifications` row of
 * `journal_cursors`. Number 0032 is `workspaces`, made on another branch at the same time.
 */
export const migration0033Notifications: SqliteMigration = {
  id: '0033_notifications',
  sql: `
CREATE TABLE notification_preferences (
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind)
) STRICT;

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  dedup_key TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT NOT NULL,
  unsubscribe_url TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_attempt_at INTEGER,
  lease_owner TEXT,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  sent_at INTEGER
) STRICT;

CREATE INDEX notifications_due ON notifications (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX notifications_user ON notifications (user_id, created_at);
`,
};

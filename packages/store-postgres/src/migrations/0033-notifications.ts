import type { PostgresMigration } from '../postgres-migration.js';

/**
 * E-mail notifications (docs/notifications.md): each person's choices per kind (a kind never
 * chosen has no row and takes its default), and the outbox the journal fans out into. The dedup
 * key (event × person × kind) is unique so a replayed fan-out adds nothing; the partial index
 * serves the senders' claim of due rows. The fan-out's cursor is the `notifications` row of
 * `journal_cursors`. Number 0032 is `workspaces`, made on another branch at the same time.
 */
export const migration0033Notifications: PostgresMigration = {
  id: '0033_notifications',
  sql: `
CREATE TABLE notification_preferences (
  user_id text NOT NULL,
  kind text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);

CREATE TABLE notifications (
  id text COLLATE "C" PRIMARY KEY,
  dedup_key text NOT NULL UNIQUE,
  user_id text NOT NULL,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  unsubscribe_url text NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL,
  next_attempt_at timestamptz,
  lease_owner text,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  sent_at timestamptz
);

CREATE INDEX notifications_due ON notifications (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX notifications_user ON notifications (user_id, created_at);
`,
};

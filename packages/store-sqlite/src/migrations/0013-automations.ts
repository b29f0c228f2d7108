import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Instagram comment automations and their inbox. `automations` holds each automation with its
 * normalised template as JSON; `automation_counts` one running total per automation and counter
 * (a counter never counted has no row, and reads as 0), deleted with its automation.
 * `automation_inbox` keeps each webhook comment once, by Instagram's comment id, with how far its
 * replies got and the lease of the reply worker answering it. A comment keeps its automation id
 * after the automation is deleted, so there is no foreign key.
 */
export const migration0013Automations: SqliteMigration = {
  id: '0013_automations',
  sql: `
CREATE TABLE automations (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  template TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('draft', 'live', 'paused')),
  post_id TEXT,
  media_id TEXT,
  live_since INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

-- An owner's automations, newest first.
CREATE INDEX automations_owner ON automations (owner_id, created_at, id);

-- The live automations watching a post, oldest first: the reply worker reads them per comment.
CREATE INDEX automations_live ON automations (media_id, created_at, id) WHERE state = 'live';

CREATE TABLE automation_counts (
  automation_id TEXT NOT NULL,
  counter TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (automation_id, counter)
) STRICT, WITHOUT ROWID;

CREATE TABLE automation_inbox (
  comment_id TEXT PRIMARY KEY,
  ig_user_id TEXT NOT NULL,
  media_id TEXT NOT NULL,
  parent_id TEXT,
  from_id TEXT NOT NULL,
  from_username TEXT,
  text TEXT NOT NULL,
  commented_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  stage TEXT NOT NULL CHECK (stage IN ('new', 'private_sending', 'public_sending', 'done')),
  automation_id TEXT,
  outcome TEXT,
  attempts INTEGER NOT NULL,
  next_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  private_marked_at INTEGER
) STRICT;

-- The reply workers' queue in claim order; answered comments (nearly all, in time) stay out.
CREATE INDEX automation_inbox_due ON automation_inbox (next_at, comment_id) WHERE stage <> 'done';

-- The private replies an account was marked to send since a time (Meta's hourly limit).
CREATE INDEX automation_inbox_private_replies ON automation_inbox (ig_user_id, private_marked_at)
  WHERE private_marked_at IS NOT NULL;
`,
};

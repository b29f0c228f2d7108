import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Instagram comment automations and their inbox. `automations` holds each automation with its
 * normalised template as jsonb; `automation_counts` one running total per automation and counter
 * (a counter never counted has no row, and reads as 0), deleted with its automation.
 * `automation_inbox` keeps each webhook comment once, by Instagram's comment id, with how far its
 * replies got and the lease of the reply worker answering it. A comment keeps its automation id
 * after the automation is deleted, so there is no foreign key.
 */
export const migration0013Automations: PostgresMigration = {
  id: '0013_automations',
  sql: `
CREATE TABLE automations (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  account_id text NOT NULL,
  template jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('draft', 'live', 'paused')),
  post_id text,
  media_id text,
  live_since timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- An owner's automations, newest first.
CREATE INDEX automations_owner ON automations (owner_id, created_at, id);

-- The live automations watching a post, oldest first: the reply worker reads them per comment.
CREATE INDEX automations_live ON automations (media_id, created_at, id) WHERE state = 'live';

CREATE TABLE automation_counts (
  automation_id text COLLATE "C" NOT NULL,
  counter text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (automation_id, counter)
);

CREATE TABLE automation_inbox (
  comment_id text COLLATE "C" PRIMARY KEY,
  ig_user_id text NOT NULL,
  media_id text NOT NULL,
  parent_id text,
  from_id text NOT NULL,
  from_username text,
  text text NOT NULL,
  commented_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  stage text NOT NULL CHECK (stage IN ('new', 'private_sending', 'public_sending', 'done')),
  automation_id text,
  outcome text,
  attempts integer NOT NULL,
  next_at timestamptz NOT NULL,
  lease_owner text,
  lease_until timestamptz,
  private_marked_at timestamptz
);

-- The reply workers' queue in claim order; answered comments (nearly all, in time) stay out.
CREATE INDEX automation_inbox_due ON automation_inbox (next_at, comment_id) WHERE stage <> 'done';

-- The private replies an account was marked to send since a time (Meta's hourly limit).
CREATE INDEX automation_inbox_private_replies ON automation_inbox (ig_user_id, private_marked_at)
  WHERE private_marked_at IS NOT NULL;
`,
};

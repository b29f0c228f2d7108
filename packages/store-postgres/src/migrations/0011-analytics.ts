import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Metric collection. `post_collections` holds one row per published post: where its schedule
 * stands, its collector's lease, and its latest figures (one column per metric, plus engagement
 * computed when recorded) so that analytics answers sum columns in the database. Every read is
 * kept in `metric_snapshots`, never overwritten. `journal_cursors` keeps how far each journal
 * follower has read; its row is also the lock that makes followers take turns.
 */
export const migration0011Analytics: PostgresMigration = {
  id: '0011_analytics',
  sql: `
CREATE TABLE post_collections (
  post_id text COLLATE "C" PRIMARY KEY,
  owner_id text NOT NULL,
  account_id text NOT NULL,
  platform text NOT NULL,
  platform_post_id text NOT NULL,
  published_at timestamptz NOT NULL,
  next_at timestamptz,
  done_slot integer,
  status text NOT NULL DEFAULT 'pending',
  lease_owner text,
  lease_until timestamptz,
  views bigint,
  reach bigint,
  likes bigint,
  comments bigint,
  shares bigint,
  saves bigint,
  replies bigint,
  reposts bigint,
  quotes bigint,
  reactions bigint,
  engagement bigint,
  -- The database's time of the last write, for operators; the service never reads it.
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The collectors' queue, in claim order; finished schedules (next_at NULL) stay out of it.
CREATE INDEX post_collections_due ON post_collections (next_at, post_id) WHERE next_at IS NOT NULL;

-- Analytics answers read one owner's posts published within a window (of some accounts or all).
CREATE INDEX post_collections_owner ON post_collections (owner_id, published_at);

CREATE TABLE metric_snapshots (
  post_id text COLLATE "C" NOT NULL,
  slot integer NOT NULL,
  collected_at timestamptz NOT NULL,
  metrics jsonb NOT NULL,
  PRIMARY KEY (post_id, slot)
);

CREATE TABLE journal_cursors (
  name text PRIMARY KEY,
  position text NOT NULL
);
`,
};

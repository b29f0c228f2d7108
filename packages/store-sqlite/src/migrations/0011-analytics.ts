import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Metric collection. `post_collections` holds one row per published post: its schedule, its
 * collector's lease and its latest figures, one column per metric so aggregates are plain column
 * sums in the database (`engagement` is computed when recorded, since its metrics differ per
 * platform). `metric_snapshots` keeps every read for good; `journal_cursors` records how far the
 * analytics follower has read the event journal.
 */
export const migration0011Analytics: SqliteMigration = {
  id: '0011_analytics',
  sql: `
CREATE TABLE post_collections (
  post_id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  platform TEXT NOT NULL,
  platform_post_id TEXT NOT NULL,
  published_at INTEGER NOT NULL,
  next_at INTEGER,
  done_slot INTEGER,
  status TEXT NOT NULL DEFAULT 'pending',
  lease_owner TEXT,
  lease_until INTEGER,
  views INTEGER,
  reach INTEGER,
  likes INTEGER,
  comments INTEGER,
  shares INTEGER,
  saves INTEGER,
  replies INTEGER,
  reposts INTEGER,
  quotes INTEGER,
  reactions INTEGER,
  engagement INTEGER,
  updated_at INTEGER NOT NULL
) STRICT;

-- The collectors' queue in claim order; a collection whose schedule is over leaves it.
CREATE INDEX post_collections_due ON post_collections (next_at, post_id) WHERE next_at IS NOT NULL;

-- Aggregates: an owner's posts by publishing time; the account filter (when there is one) is
-- checked on the index entry, before the row is read.
CREATE INDEX post_collections_owner ON post_collections (owner_id, published_at, account_id);

CREATE TABLE metric_snapshots (
  post_id TEXT NOT NULL,
  slot INTEGER NOT NULL,
  collected_at INTEGER NOT NULL,
  metrics TEXT NOT NULL,
  PRIMARY KEY (post_id, slot)
) STRICT, WITHOUT ROWID;

CREATE TABLE journal_cursors (
  name TEXT PRIMARY KEY,
  position TEXT NOT NULL
) STRICT;
`,
};

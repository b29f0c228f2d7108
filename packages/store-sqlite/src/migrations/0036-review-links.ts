import type { SqliteMigration } from '../sqlite-migration.js';

/**
 * Review links for clients (docs/teams.md, "Review links"): the link (only its token's hash), and
 * the decisions made through it, one per post, which the primary key keeps single.
 */
export const migration0036ReviewLinks: SqliteMigration = {
  id: '0036_review_links',
  sql: `
CREATE TABLE review_links (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  post_ids TEXT NOT NULL,
  label TEXT,
  token_hash TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
) STRICT;

CREATE INDEX review_links_owner ON review_links (owner_id, id);

CREATE TABLE review_link_decisions (
  link_id TEXT NOT NULL REFERENCES review_links (id) ON DELETE CASCADE,
  post_id TEXT NOT NULL,
  approved INTEGER NOT NULL CHECK (approved IN (0, 1)),
  note TEXT,
  reviewer_name TEXT,
  decided_at INTEGER NOT NULL,
  PRIMARY KEY (link_id, post_id)
) STRICT;
`,
};

import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Review links for clients (docs/teams.md, "Review links"): the link (only its token's hash), and
 * the decisions made through it, one per post, which the primary key keeps single.
 */
export const migration0036ReviewLinks: PostgresMigration = {
  id: '0036_review_links',
  sql: `
CREATE TABLE review_links (
  id text COLLATE "C" PRIMARY KEY,
  owner_id text COLLATE "C" NOT NULL,
  post_ids text[] NOT NULL,
  label text,
  token_hash text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX review_links_owner ON review_links (owner_id, id);

CREATE TABLE review_link_decisions (
  link_id text COLLATE "C" NOT NULL REFERENCES review_links (id) ON DELETE CASCADE,
  post_id text COLLATE "C" NOT NULL,
  approved boolean NOT NULL,
  note text,
  reviewer_name text,
  decided_at timestamptz NOT NULL,
  seq bigserial,
  PRIMARY KEY (link_id, post_id)
);
`,
};

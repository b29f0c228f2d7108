import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Journal positions given after commit, so a reader no longer waits on the server's oldest
 * transaction (`pg_snapshot_xmin`, which counts every database of the server).
 *
 * Events are appended without a position (NULL, found through the partial index
 * `events_unnumbered`); a reader first numbers the committed ones (postgres-journal.ts,
 * `numberEvents`) from `journal_clock`, one row whose lock numberers take turns on, then reads
 * `position > cursor`. Existing events are numbered in their old (tx, seq) order; the followers'
 * cursors (`tx.seq`) become the position of the event they named, so each resumes exactly where it
 * was. An INSERT of a process of the previous release (during a rollout) lands unnumbered like any
 * other. `tx` stays for those processes' sake; nothing reads it now.
 *
 * The two cursor tables become one: `journal_cursors` (the analytics follower's, whose start ''
 * becomes NULL) takes the webhook fan-out's rows of `journal_consumers` with their leases.
 */
export const migration0028JournalClock: PostgresMigration = {
  id: '0028_journal_clock',
  sql: `
CREATE TABLE journal_clock (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  position bigint NOT NULL
);

ALTER TABLE events ADD COLUMN position bigint;
UPDATE events SET position = numbered.n
FROM (SELECT seq, row_number() OVER (ORDER BY tx, seq) AS n FROM events) AS numbered
WHERE events.seq = numbered.seq;
INSERT INTO journal_clock (position) SELECT COALESCE(max(position), 0) FROM events;

CREATE UNIQUE INDEX events_position ON events (position);
CREATE INDEX events_unnumbered ON events (seq) WHERE position IS NULL;

ALTER TABLE journal_cursors ALTER COLUMN position DROP NOT NULL,
  ADD COLUMN lease_owner text,
  ADD COLUMN lease_until timestamptz;
INSERT INTO journal_cursors (name, position, lease_owner, lease_until)
SELECT consumer, position, lease_owner, lease_until FROM journal_consumers;
DROP TABLE journal_consumers;

-- A cursor \`tx.seq\` read every event up to that one in (tx, seq) order: the events numbered up to it.
UPDATE journal_cursors SET position = CASE
  WHEN position ~ '^[0-9]+[.][0-9]+$' THEN (
    SELECT max(e.position)::text FROM events AS e
    WHERE (e.tx, e.seq) <= (split_part(journal_cursors.position, '.', 1)::xid8,
                            split_part(journal_cursors.position, '.', 2)::bigint))
  ELSE NULLIF(position, '')
END;

DROP INDEX events_order;
`,
};

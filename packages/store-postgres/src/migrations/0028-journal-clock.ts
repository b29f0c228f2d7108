import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Journal positions handed out in commit order, so a reader no longer waits on the cluster's
 * oldest transaction (`pg_snapshot_xmin`, which counts every database of the server).
 *
 * `journal_clock` is one row: an append takes its positions with `UPDATE … SET position = position
 * + n`, whose row lock it holds until it commits, so the next appender numbers after it and a
 * position below a committed one can never appear later. Existing events are numbered in their
 * old (tx, seq) order; the followers' cursors (`tx.seq`) become the position of the event they
 * named, so each resumes exactly where it was. The column's default takes a position the same way,
 * one row at a time: an INSERT that names no position (a process of the previous release during a
 * rollout) still lands in commit order. `tx` stays for those processes' sake; nothing reads it now.
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

CREATE FUNCTION journal_next_position() RETURNS bigint LANGUAGE sql VOLATILE
SET search_path FROM CURRENT
AS $$ UPDATE journal_clock SET position = position + 1 RETURNING position $$;

ALTER TABLE events ALTER COLUMN position SET DEFAULT journal_next_position(),
  ALTER COLUMN position SET NOT NULL;
CREATE UNIQUE INDEX events_position ON events (position);

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

import type { PostgresMigration } from '../postgres-migration.js';

/**
 * Wakes journal followers (the webhook fan-out, the analytics follower) in every process: a
 * statement that appended events sends NOTIFY on `svc_journal`, in its transaction, so listeners
 * hear it only once the events are committed and never for a rollback. A trigger rather than a
 * NOTIFY beside each append: every writer is covered, whatever statement appends (the `withEvents`
 * statements, a transaction's last append, a future one), and PostgreSQL folds a transaction's
 * identical notifications into one. Statement-level, skipping statements that appended nothing
 * (a `withEvents` whose change missed), so a transaction notifies at most once.
 */
export const migration0029Wakeups: PostgresMigration = {
  id: '0029_wakeups',
  sql: `
CREATE FUNCTION svc_notify_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM appended) THEN
    PERFORM pg_notify('svc_journal', '');
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER events_notify_journal AFTER INSERT ON events
  REFERENCING NEW TABLE AS appended
  FOR EACH STATEMENT EXECUTE FUNCTION svc_notify_journal();
`,
};

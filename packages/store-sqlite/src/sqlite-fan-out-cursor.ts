import type { FanOutCursor, FanOutLeaseRequest, FanOutTx } from '@svc/core';
import type Database from 'better-sqlite3';
import { dateToSql, nullableDateToSql } from './sql-values.js';
import { LEASE_FAN_OUT_SQL, MOVE_FAN_OUT_SQL, START_FAN_OUT_SQL } from './sqlite-webhook-queries.js';

/**
 * The calls on a fan-out's journal cursor (`journal_cursors`), written once for every store whose
 * worker fans the journal out under a lease: webhooks and notifications (docs/webhooks.md, "Delivery").
 * `move` is FanOutTx's `moveFanOut`, to call inside the transaction that stores what it produced.
 */
export type SqliteFanOutCursor = {
  lease(request: FanOutLeaseRequest): FanOutCursor | null;
  start(consumer: string, position: string): void;
  move: FanOutTx['moveFanOut'];
};

/** The fan-out cursor calls of a SQLite database, their statements prepared once, here. */
export function sqliteFanOutCursor(db: Database.Database): SqliteFanOutCursor {
  const lease = db.prepare<
    [{ consumer: string; lease_owner: string; lease_until: number; now: number }],
    FanOutCursor
  >(LEASE_FAN_OUT_SQL);
  const move =
    db.prepare<
      [{ consumer: string; lease_owner: string; from: string | null; to: string; lease_until: number | null }]
    >(MOVE_FAN_OUT_SQL);
  const start = db.prepare<[string, string]>(START_FAN_OUT_SQL);
  return {
    lease({ consumer, leaseOwner, now, leaseUntil }) {
      const row = lease.get({
        consumer,
        lease_owner: leaseOwner,
        lease_until: dateToSql(leaseUntil),
        now: dateToSql(now),
      });
      return row === undefined ? null : { position: row.position };
    },
    start(consumer, position) {
      start.run(consumer, position);
    },
    move(consumer, leaseOwner, from, to, leaseUntil) {
      const moved = move.run({
        consumer,
        lease_owner: leaseOwner,
        from,
        to,
        lease_until: nullableDateToSql(leaseUntil),
      });
      return moved.changes > 0;
    },
  };
}

import type { FanOutCursor, FanOutLeaseRequest, FanOutTx } from '@svc/core';
import type { Pool, PoolClient } from 'pg';
import { oneRow } from './one-row.js';
import { LEASE_FAN_OUT_SQL, MOVE_FAN_OUT_SQL, START_FAN_OUT_SQL } from './postgres-webhook-queries.js';

/**
 * The calls on a fan-out's journal cursor (`journal_cursors`), written once for every store whose
 * worker fans the journal out under a lease: webhooks and notifications (docs/webhooks.md, "Delivery").
 */
export type PostgresFanOutCursor = {
  lease(request: FanOutLeaseRequest): Promise<FanOutCursor | null>;
  start(consumer: string, position: string): Promise<void>;
  /** FanOutTx's `moveFanOut`, on the client of the transaction that stores what the move produced. */
  move(client: PoolClient, ...move: Parameters<FanOutTx['moveFanOut']>): Promise<boolean>;
};

/** The fan-out cursor calls of a PostgreSQL pool. */
export function postgresFanOutCursor(pool: Pool): PostgresFanOutCursor {
  const leased = oneRow(pool, (row: FanOutCursor): FanOutCursor => ({ position: row.position }));
  return {
    lease: ({ consumer, leaseOwner, now, leaseUntil }) =>
      leased(LEASE_FAN_OUT_SQL, [consumer, leaseOwner, now, leaseUntil]),
    async start(consumer, position) {
      await pool.query(START_FAN_OUT_SQL, [consumer, position]);
    },
    async move(client, consumer, leaseOwner, from, to, leaseUntil) {
      return (
        (await client.query(MOVE_FAN_OUT_SQL, [consumer, leaseOwner, from, to, leaseUntil])).rowCount === 1
      );
    },
  };
}

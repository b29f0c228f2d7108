import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import {
  ANY_DELIVERY_DUE_SQL,
  CLAIM_DELIVERIES_SQL,
  LIST_ATTEMPTS_SQL,
  LIST_SUBSCRIPTIONS_SQL,
  SUBSCRIPTIONS_OF_SQL,
} from '../src/sqlite-webhook-queries.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const NOW = Date.parse('2026-05-04T10:00:00.000Z');

/**
 * Many owners' subscriptions, and deliveries of which nearly all were delivered long ago, with
 * their attempts, as a database has after a while.
 */
function fillWithHistory(db: Database.Database, rows: number): void {
  const subscription = db.prepare(
    `INSERT INTO webhook_subscriptions (id, owner_id, url, events, sealed_secret, enabled, created_at, updated_at)
     VALUES (?, ?, 'https://hooks.example/x', '["ping"]', 'sealed', ?, ?, ?)`,
  );
  const message = db.prepare(
    `INSERT INTO webhook_messages (id, owner_id, event_type, payload, created_at)
     VALUES (?, ?, 'post.published', '{}', ?)`,
  );
  const delivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, subscription_id, message_id, owner_id, status, attempts, next_attempt_at,
       lease_owner, lease_until, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
  );
  const attempt = db.prepare(
    `INSERT INTO webhook_attempts (delivery_id, subscription_id, message_id, owner_id, event_type, attempt_number,
       started_at, duration_ms, status_code, outcome)
     VALUES (?, ?, ?, ?, 'post.published', 1, ?, 120, 200, 'delivered')`,
  );
  const subscriptions = Math.max(1, rows / 20);
  db.transaction(() => {
    for (let i = 0; i < subscriptions; i += 1) {
      subscription.run(
        `whk_${String(i).padStart(26, '0')}`,
        `user_${i % 300}`,
        i % 10 === 0 ? 0 : 1,
        NOW - i,
        NOW,
      );
    }
    for (let i = 0; i < rows; i += 1) {
      const at = NOW - (rows - i) * 1000;
      const [id, sub, msg, owner] = [
        `dlv_${String(i).padStart(26, '0')}`,
        `whk_${String(i % subscriptions).padStart(26, '0')}`,
        `msg_${String(i).padStart(26, '0')}`,
        `user_${(i % subscriptions) % 300}`,
      ];
      const open = i % 100 === 0;
      message.run(msg, owner, at);
      delivery.run(
        id,
        sub,
        msg,
        owner,
        open ? 'pending' : 'delivered',
        open ? at : null,
        i % 300 === 0 ? 'worker' : null,
        i % 300 === 0 ? NOW + 60_000 : null,
        at,
        at,
      );
      attempt.run(id, sub, msg, owner, at);
    }
  })();
  db.exec('ANALYZE');
}

describe('the webhook query plans', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with history and statistics', 20_000],
  ] as const) {
    it(`a claim reads the due deliveries through webhook_deliveries_due and the leases through webhook_deliveries_leased, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        const plan = planOf(db, CLAIM_DELIVERIES_SQL, {
          now: NOW,
          lease_owner: 'worker',
          lease_until: NOW + 60_000,
          limit: 10,
          per_subscription: 2,
        });
        expect(plan).toMatch(/SEARCH d USING INDEX webhook_deliveries_due \(next_attempt_at<\?\)/);
        expect(plan).toMatch(/SCAN webhook_deliveries USING COVERING INDEX webhook_deliveries_leased/);
        expect(plan).not.toMatch(/^SCAN (d|webhook_deliveries)$/m);
        // The read that spares the claim's write transaction when nothing is due.
        expect(planOf(db, ANY_DELIVERY_DUE_SQL, { now: NOW })).toMatch(
          /SEARCH webhook_deliveries USING (COVERING )?INDEX webhook_deliveries_due \(next_attempt_at<\?\)/,
        );
      } finally {
        db.close();
      }
    });

    it(`subscriptions and attempts are read through their indexes, in order, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        for (const before of [null, 500]) {
          const attempts = planOf(db, LIST_ATTEMPTS_SQL, {
            subscription_id: 'whk_1',
            owner_id: 'user_1',
            before,
            limit: 11,
          });
          expect(attempts).toMatch(
            /SEARCH webhook_attempts USING INDEX webhook_attempts_subscription \(subscription_id=\? AND id<\?\)/,
          );
          expect(attempts).not.toContain('TEMP B-TREE');
        }
        const listed = planOf(db, LIST_SUBSCRIPTIONS_SQL, 'user_1');
        expect(listed).toMatch(
          /SEARCH webhook_subscriptions USING INDEX webhook_subscriptions_owner \(owner_id=\?\)/,
        );
        expect(listed).not.toContain('TEMP B-TREE');
        // The fan-out's lookup: on an empty table a scan is as cheap, so only with statistics.
        if (rows > 0) {
          expect(planOf(db, SUBSCRIPTIONS_OF_SQL, '["user_1","user_2"]')).toMatch(
            /SEARCH webhook_subscriptions USING INDEX webhook_subscriptions_owner \(owner_id=\?\)/,
          );
        }
      } finally {
        db.close();
      }
    });
  }
});

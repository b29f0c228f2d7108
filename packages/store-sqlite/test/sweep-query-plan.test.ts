import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import { SELECT_PURGE_BATCH_SQL, stillUsedSql } from '../src/sqlite-post-purge.js';
import { SELECT_SETTLED_MESSAGES_SQL } from '../src/sqlite-webhook-retention.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const DAY = 86_400_000;

/**
 * A database after a while: many posts, a few of them soft-deleted, and many webhook messages with
 * their deliveries, nearly all delivered.
 */
function fillWithHistory(db: Database.Database, rows: number): void {
  const post = db.prepare(
    `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, created_at, updated_at,
       attempts, version, deleted_at)
     VALUES (?, ?, 'posted', '', '["instagram"]', '["acct_1"]', '[]', ?, ?, 0, 0, ?)`,
  );
  const message = db.prepare(
    `INSERT INTO webhook_messages (id, owner_id, event_type, payload, created_at)
     VALUES (?, ?, 'post.published', '{}', ?)`,
  );
  const delivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, subscription_id, message_id, owner_id, status, attempts, created_at, updated_at)
     VALUES (?, 'whk_1', ?, ?, ?, 1, ?, ?)`,
  );
  db.exec(`INSERT INTO webhook_subscriptions (id, owner_id, url, events, sealed_secret, enabled, created_at, updated_at)
    VALUES ('whk_1', 'user_1', 'https://hooks.example/1', '[]', 'sealed', 1, 0, 0)`);
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const at = NOW - (i % 400) * DAY;
      const id = String(i).padStart(26, '0');
      post.run(`post_${id}`, `user_${i % 500}`, at, at, i % 40 === 0 ? at : null);
      message.run(`msg_${id}`, `user_${i % 500}`, at);
      delivery.run(
        `dlv_${id}`,
        `msg_${id}`,
        `user_${i % 500}`,
        i % 100 === 0 ? 'pending' : 'delivered',
        at,
        at,
      );
    }
  })();
  db.exec('ANALYZE');
}

describe('the sweep query plans', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with history and statistics', 20_000],
  ] as const) {
    it(`purges through posts_deleted and keeps webhooks through webhook_messages_created, in order, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        const purge = planOf(db, SELECT_PURGE_BATCH_SQL, NOW - 30 * DAY, 200);
        expect(purge).toMatch(/^SEARCH posts USING INDEX posts_deleted \(deleted_at>\? AND deleted_at<\?\)$/);
        const settled = planOf(db, SELECT_SETTLED_MESSAGES_SQL, { before: NOW - 30 * DAY, limit: 500 });
        expect(settled).toMatch(
          /SEARCH m USING (COVERING )?INDEX webhook_messages_created \(created_at<\?\)/,
        );
        expect(settled).toMatch(/SEARCH d USING INDEX webhook_deliveries_message \(message_id=\?\)/);
        // Whether a copy is still used: the owner's live posts, then their soft-deleted ones.
        const uses = { owner_id: 'user_1', ids: '["media_1"]' };
        const live = planOf(db, stillUsedSql('IS NULL'), uses);
        expect(live).toMatch(/SEARCH posts USING INDEX posts_owner_list \(owner_id=\?\)/);
        const deleted = planOf(db, stillUsedSql('IS NOT NULL'), uses);
        expect(deleted).toMatch(
          /SEARCH posts USING INDEX posts_owner_deleted \(owner_id=\?( AND deleted_at>\?)?\)/,
        );
        for (const plan of [purge, settled]) {
          expect(plan).not.toMatch(/TEMP B-TREE/);
          expect(plan).not.toMatch(/^SCAN /m);
        }
      } finally {
        db.close();
      }
    });
  }
});

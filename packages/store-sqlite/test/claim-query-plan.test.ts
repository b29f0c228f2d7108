import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import {
  SELECT_NEXT_DUE_AT_SQL,
  SELECT_QUEUE_DEPTH_SQL,
  selectDuePostsSql,
} from '../src/sqlite-post-store.js';
import { planLines as planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();

/** Many rows, nearly all published (outside the publisher's queue), as a database has after a while. */
function fillWithHistory(db: Database.Database, rows: number): void {
  const insert = db.prepare(
    `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, created_at, updated_at,
       attempts, due_at, version)
     VALUES (?, ?, ?, '', '["instagram"]', '["acct_1"]', '[]', ?, ?, 0, ?, 0)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const queued = i % 50 === 0;
      insert.run(
        `post_${String(i).padStart(26, '0')}`,
        `user_${i % 100}`,
        queued ? 'scheduled' : 'posted',
        i,
        i,
        queued ? i : null,
      );
    }
  })();
  db.exec('ANALYZE');
}

function expectServedByDueIndex(plan: string[]): void {
  expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX posts_due\b/);
  expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  expect(plan.join('\n')).not.toMatch(/^SCAN posts\b/m);
}

describe('the claim query plan', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with history and statistics', 20_000],
  ] as const) {
    it(`walks the partial index posts_due in order, without sorting, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        expectServedByDueIndex(
          planOf(db, selectDuePostsSql(10), { now: Date.now(), passOver: '["acct_busy"]' }),
        );
        expectServedByDueIndex(planOf(db, SELECT_NEXT_DUE_AT_SQL));
        // The metrics' queue gauges count on every scrape: through the queue's index, so the cost
        // follows the queue, not the table's history (SQLite still reads each queued row to
        // recheck the index's IN condition; those are the rows the publisher reads anyway).
        const depth = planOf(db, SELECT_QUEUE_DEPTH_SQL, { now: Date.now() });
        expect(depth).toHaveLength(1);
        expect(depth[0]).toMatch(/^SEARCH posts USING (COVERING )?INDEX posts_due\b/);
      } finally {
        db.close();
      }
    });
  }
});

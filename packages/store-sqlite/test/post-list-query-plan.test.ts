import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import {
  LIST_POSTS_SQL,
  POSTS_WITH_CONTENT_BETWEEN_SQL,
  UPCOMING_POSTS_SQL,
} from '../src/sqlite-post-queries.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();

/** Many owners' posts, most of them published, with statistics, as a database has after a while. */
function fillWithHistory(db: Database.Database, rows: number): void {
  const insert = db.prepare(
    `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, scheduled_time,
       created_at, updated_at, attempts, due_at, version)
     VALUES (?, ?, ?, '', '["instagram"]', '["acct_1"]', '[]', ?, ?, ?, 0, ?, 0)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const queued = i % 20 === 0;
      insert.run(
        `post_${String(i).padStart(26, '0')}`,
        `user_${i % 100}`,
        queued ? 'scheduled' : 'posted',
        i,
        i,
        i,
        queued ? i : null,
      );
    }
  })();
  db.exec('ANALYZE');
}

const FILTER = { owner_id: 'user_7', account_ids: null };
const NO_TARGET_OR_TIME = {
  platform: null,
  profile_id: null,
  scheduled_from: null,
  scheduled_to: null,
  text: null,
};

describe('the post list query plans', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with history and statistics', 20_000],
  ] as const) {
    it(`list, upcoming and repeat-check posts walk their owner indexes without sorting, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        const list = planOf(db, LIST_POSTS_SQL, {
          ...FILTER,
          statuses: '["scheduled","publishing"]',
          after_created_at: 500,
          after_id: 'post_x',
          limit: 21,
          ...NO_TARGET_OR_TIME,
        });
        expect(list).toMatch(/USING INDEX posts_owner_list\b/);
        expect(list).not.toContain('TEMP B-TREE');
        // The REST list's filters are checked on the rows of the same ordered walk.
        const filtered = planOf(db, LIST_POSTS_SQL, {
          ...FILTER,
          statuses: null,
          after_created_at: null,
          after_id: null,
          limit: 101,
          platform: 'instagram',
          profile_id: 'acct_1',
          scheduled_from: 100,
          scheduled_to: 5000,
          text: '%launch\\_day%',
        });
        expect(filtered).toMatch(/USING INDEX posts_owner_list\b/);
        expect(filtered).not.toContain('TEMP B-TREE');
        const upcoming = planOf(db, UPCOMING_POSTS_SQL, { ...FILTER, after: 100, limit: 3 });
        expect(upcoming).toMatch(/USING INDEX posts_owner_upcoming\b/);
        expect(upcoming).not.toContain('TEMP B-TREE');
        const around = planOf(db, POSTS_WITH_CONTENT_BETWEEN_SQL, {
          owner_id: 'user_7',
          content_hash: '0123456789abcdef',
          from: 100,
          to: 5000,
        });
        expect(around).toMatch(/USING INDEX posts_owner_content\b/);
        expect(around).not.toContain('TEMP B-TREE');
      } finally {
        db.close();
      }
    });
  }
});

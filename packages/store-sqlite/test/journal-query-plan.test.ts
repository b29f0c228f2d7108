import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import { POSTS_MENTIONED_SQL, RECENT_EVENTS_SQL } from '../src/sqlite-journal.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const TYPES = ['post.scheduled', 'post.publishing', 'post.posted', 'media.ready', 'account.connected'];

/** A journal of many owners' events, and their posts, as a database has after a while. */
function fillWithJournal(db: Database.Database, rows: number): void {
  const event = db.prepare(
    'INSERT INTO events (type, owner_id, subject_id, at, data) VALUES (?, ?, ?, ?, ?)',
  );
  const post = db.prepare(
    `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, created_at, updated_at,
       attempts, version)
     VALUES (?, ?, 'posted', 'A caption', '["threads"]', '["acct_1"]', '[]', ?, ?, 1, 1)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const owner = `user_${i % 500}`;
      const postId = `post_${String(i).padStart(26, '0')}`;
      if (i % 4 === 0) post.run(postId, owner, NOW - i, NOW - i);
      event.run(TYPES[i % TYPES.length], owner, postId, NOW - rows + i, '{"platform":"threads"}');
    }
  })();
  db.exec('ANALYZE');
}

describe('the journal query plans', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with a long journal and statistics', 20_000],
  ] as const) {
    it(`an owner's recent events walk events_owner backwards, without sorting, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithJournal(db, rows);
        const plan = planOf(db, RECENT_EVENTS_SQL, 'user_7', 10);
        expect(plan).toMatch(/SEARCH events USING INDEX events_owner \(owner_id=\?\)/);
        expect(plan).not.toContain('TEMP B-TREE');
      } finally {
        db.close();
      }
    });

    it(`the posts events mention are found by their primary key, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithJournal(db, rows);
        const plan = planOf(db, POSTS_MENTIONED_SQL, '["post_1","post_2"]', 'user_7');
        expect(plan).toMatch(/SEARCH posts USING INDEX sqlite_autoindex_posts_1 \(id=\?\)/);
        expect(plan).not.toMatch(/^SCAN posts/m);
      } finally {
        db.close();
      }
    });
  }
});

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import {
  CLAIM_COMMENTS_SQL,
  LIST_AUTOMATIONS_SQL,
  LIVE_AUTOMATIONS_SQL,
  PRIVATE_REPLIES_SINCE_SQL,
} from '../src/sqlite-automation-store.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();

const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const STAGES = ['new', 'private_sending', 'public_sending'];

/**
 * Many owners' automations, mostly live, and an inbox where nearly every comment was answered
 * long ago, as a database has after a while.
 */
function fillWithHistory(db: Database.Database, rows: number): void {
  const automation = db.prepare(
    `INSERT INTO automations (id, owner_id, account_id, template, state, post_id, media_id, created_at, updated_at)
     VALUES (?, ?, ?, '{}', ?, ?, ?, ?, ?)`,
  );
  const comment = db.prepare(
    `INSERT INTO automation_inbox (comment_id, ig_user_id, media_id, from_id, text, commented_at, received_at,
       stage, attempts, next_at, private_marked_at)
     VALUES (?, ?, ?, 'visitor', 'price', ?, ?, ?, 0, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows / 10; i += 1) {
      const draft = i % 4 === 0;
      automation.run(
        `auto_${String(i).padStart(26, '0')}`,
        `user_${i % 100}`,
        `acct_${i % 500}`,
        draft ? 'draft' : 'live',
        draft ? null : `post_${i}`,
        draft ? null : `media_${i}`,
        NOW - i,
        NOW - i,
      );
    }
    for (let i = 0; i < rows; i += 1) {
      const at = NOW - (rows - i) * 1000;
      const open = i % 100 === 0;
      comment.run(
        `comment_${String(i).padStart(20, '0')}`,
        `ig_${i % 500}`,
        `media_${i % 2000}`,
        at,
        at,
        open ? STAGES[i % STAGES.length] : 'done',
        at,
        i % 3 === 0 ? null : at,
      );
    }
  })();
  db.exec('ANALYZE');
}

describe('the automation query plans', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with history and statistics', 20_000],
  ] as const) {
    it(`a claim walks the partial index automation_inbox_due in order, without sorting, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        const plan = planOf(db, CLAIM_COMMENTS_SQL, {
          now: NOW,
          lease_owner: 'replier',
          lease_until: NOW + 60_000,
          limit: 10,
        });
        expect(plan).toMatch(
          /SEARCH automation_inbox USING (COVERING )?INDEX automation_inbox_due \(next_at<\?\)/,
        );
        expect(plan).not.toMatch(/^SCAN automation_inbox\b/m);
        expect(plan).not.toContain('TEMP B-TREE');
      } finally {
        db.close();
      }
    });

    it(`automations and the private replies are read through their indexes, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        const live = planOf(db, LIVE_AUTOMATIONS_SQL, { media_id: 'media_7', ig_user_id: 'ig_7' });
        expect(live).toMatch(/SEARCH a USING INDEX automations_live \(media_id=\?\)/);
        expect(live).not.toContain('TEMP B-TREE');
        for (const accountIds of ['["acct_7"]', null]) {
          const listed = planOf(db, LIST_AUTOMATIONS_SQL, { owner_id: 'user_7', account_ids: accountIds });
          expect(listed).toMatch(/SEARCH a USING INDEX automations_owner \(owner_id=\?\)/);
          expect(listed).not.toContain('TEMP B-TREE');
        }
        const sent = db
          .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${PRIVATE_REPLIES_SINCE_SQL}`)
          .all('ig_7', NOW - 3_600_000)
          .map((row) => row.detail)
          .join('\n');
        expect(sent).toMatch(
          /SEARCH automation_inbox USING COVERING INDEX automation_inbox_private_replies \(ig_user_id=\? AND private_marked_at>\?\)/,
        );
      } finally {
        db.close();
      }
    });
  }
});

import type { AnalyticsQuery } from '@svc/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import {
  type AskedPosts,
  CATEGORIES_SQL,
  DAY_SUMS_SQL,
  PLATFORM_SUMS_SQL,
  segmentParams,
  TIME_CELLS_SQL,
  TOP_POSTS_SQL,
} from '../src/sqlite-analytics-queries.js';
import { CLAIM_COLLECTIONS_SQL } from '../src/sqlite-analytics-store.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-02T00:00:00.000Z');
const PLATFORMS = ['instagram', 'tiktok', 'youtube', 'threads', 'facebook'];

/**
 * Two years of many owners' published posts with statistics, as a database has after a while: a
 * third of the schedules are over (no next read), the rest spread over the coming weeks.
 */
function fillWithHistory(db: Database.Database, rows: number): void {
  const insert = db.prepare(
    `INSERT INTO post_collections (post_id, owner_id, account_id, platform, platform_post_id, published_at,
       next_at, status, views, likes, engagement, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'collected', ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const publishedAt = NOW - Math.floor((i / rows) * 730 * DAY);
      insert.run(
        `post_${String(i).padStart(26, '0')}`,
        `user_${i % 100}`,
        `acct_${i % 500}`,
        PLATFORMS[i % PLATFORMS.length],
        `pp_${i}`,
        publishedAt,
        i % 3 === 0 ? null : NOW + (i % 40) * DAY,
        i,
        i % 50,
        i % 50,
        publishedAt,
      );
    }
  })();
  db.exec('ANALYZE');
}

const range = (fromDays: number, toDays: number) => ({
  from: new Date(NOW + fromDays * DAY),
  to: new Date(NOW + toDays * DAY),
});

const QUERY: AnalyticsQuery = {
  ownerId: 'user_7',
  accountIds: ['acct_7', 'acct_107'],
  periods: {
    window: range(-30, 0),
    week: range(-7, 0),
    previousWeek: range(-14, -7),
    month: range(-30, 0),
    previousMonth: range(-60, -30),
    year: range(-365, 0),
    previousYear: range(-730, -365),
  },
  offsets: [{ from: new Date(NOW - 730 * DAY), to: new Date(NOW + DAY), offsetMinutes: 60 }],
  topPosts: 5,
};

function expectOwnerIndex(plan: string): void {
  expect(plan).toMatch(
    /SEARCH c USING (COVERING )?INDEX post_collections_owner \(owner_id=\? AND published_at>\? AND published_at<\?\)/,
  );
  expect(plan).not.toMatch(/\bSCAN c\b/);
}

describe('the analytics query plans', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with history and statistics', 20_000],
  ] as const) {
    it(`a claim walks the partial index post_collections_due in order, without sorting, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        const plan = planOf(db, CLAIM_COLLECTIONS_SQL, {
          now: NOW,
          lease_owner: 'collector',
          lease_until: NOW + 60_000,
          limit: 10,
        });
        expect(plan).toMatch(
          /SEARCH post_collections USING (COVERING )?INDEX post_collections_due \(next_at<\?\)/,
        );
        expect(plan).not.toMatch(/^SCAN post_collections\b/m);
        expect(plan).not.toContain('TEMP B-TREE');
      } finally {
        db.close();
      }
    });

    it(`every aggregate seeks the owner's posts by publishing time, never scanning, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithHistory(db, rows);
        for (const accountIds of [QUERY.accountIds, null]) {
          const asked: AskedPosts = {
            owner_id: QUERY.ownerId,
            account_ids: accountIds === null ? null : JSON.stringify(accountIds),
            from: QUERY.periods.window.from.getTime(),
            to: QUERY.periods.window.to.getTime(),
          };
          expectOwnerIndex(planOf(db, PLATFORM_SUMS_SQL, segmentParams({ ...QUERY, accountIds }, asked)));
          expectOwnerIndex(planOf(db, TIME_CELLS_SQL, { ...asked, offsets: '[]' }));
          expectOwnerIndex(planOf(db, CATEGORIES_SQL, asked));
          expectOwnerIndex(planOf(db, TOP_POSTS_SQL, { ...asked, top: 5 }));
          expectOwnerIndex(planOf(db, DAY_SUMS_SQL, { ...asked, offsets: '[]' }));
        }
      } finally {
        db.close();
      }
    });
  }
});

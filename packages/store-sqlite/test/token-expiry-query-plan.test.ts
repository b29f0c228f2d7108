import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/index.js';
import { TOKENS_EXPIRING_SQL } from '../src/sqlite-account-store.js';
import { planOf } from './query-plan.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const NOW = Date.parse('2026-05-04T10:00:00.000Z');
const DAY = 86_400_000;
const PLATFORMS = ['instagram', 'tiktok', 'youtube', 'threads', 'facebook'];

/**
 * Many owners' accounts on every platform: most with tokens far from expiry or none, some
 * disconnected or waiting for a reconnect, and many already warned about, as a database has
 * after a while.
 */
function fillWithAccounts(db: Database.Database, rows: number): void {
  const account = db.prepare(
    `INSERT INTO connected_accounts (id, owner_id, platform, platform_account_id, handle, profile_url, status,
       needs_reconnect, sealed_credentials, token_expires_at, token_expiry_warned_for, connected_at, updated_at)
     VALUES (?, ?, ?, ?, 'handle', 'https://x.example/handle', ?, ?, 'sealed', ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) {
      const expires = i % 7 === 0 ? null : NOW + ((i % 90) - 30) * DAY;
      const warned = expires !== null && i % 3 === 0;
      account.run(
        `acct_${String(i).padStart(26, '0')}`,
        `user_${i % 2000}`,
        PLATFORMS[i % PLATFORMS.length],
        `pa_${i}`,
        i % 11 === 0 ? 'inactive' : 'active',
        i % 13 === 0 ? 1 : 0,
        expires,
        warned ? expires : null,
        NOW - i,
        NOW - i,
      );
    }
  })();
  db.exec('ANALYZE');
}

describe('the token expiry query plan', () => {
  for (const [label, rows] of [
    ['on an empty database', 0],
    ['on a database with many accounts and statistics', 20_000],
  ] as const) {
    it(`the sweep walks the partial index connected_accounts_token_expiry in order, without sorting, ${label}`, () => {
      const path = tempPath();
      migrateSqlite(path);
      const db = new Database(path);
      try {
        fillWithAccounts(db, rows);
        const plan = planOf(db, TOKENS_EXPIRING_SQL, {
          platform: 'facebook',
          before: NOW + 7 * DAY,
          limit: 100,
        });
        // `token_expires_at IS NOT NULL` shows as the lower bound `token_expires_at>?`.
        expect(plan).toMatch(
          /SEARCH connected_accounts USING INDEX connected_accounts_token_expiry \(platform=\? AND (token_expires_at>\? AND )?token_expires_at<\?\)/,
        );
        expect(plan).not.toMatch(/TEMP B-TREE/);
      } finally {
        db.close();
      }
    });
  }
});

import {
  expectPreWorkspaceCredentialsWork,
  PRE_WORKSPACE,
  preWorkspaceKeyHash,
  preWorkspaceOAuthRecords,
  preWorkspaceSealedCredentials,
} from '@svc/core/testing';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { migrateSqlite, openSqliteStore, SQLITE_MIGRATIONS } from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const CREATED = Date.parse('2026-01-10T08:00:00.000Z');

it('0032 gives every user a personal workspace with the same id, owned by them, and keeps keys, accounts, agent grants and posts working', async () => {
  const path = tempPath();
  migrateSqlite(
    path,
    SQLITE_MIGRATIONS.filter((m) => m.id < '0032'),
  );
  const db = new Database(path);
  try {
    const user = db.prepare(
      `INSERT INTO users (id, email, plan, beta_tester, api_access_disabled, created_at, updated_at)
       VALUES (?, ?, '{"kind":"paid"}', 0, 0, ?, ?)`,
    );
    user.run('user_ann', 'ann@example.com', CREATED, CREATED);
    user.run('user_bob', 'bob@example.com', CREATED + 1, CREATED + 1);
    db.prepare(
      `INSERT INTO api_keys (id, owner_id, name, secret_hash, scopes, account_ids, created_at)
       VALUES ('key_ann', 'user_ann', 'old key', 'hash', '["post:read"]', NULL, ?)`,
    ).run(CREATED);
    db.prepare(
      `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, created_at, updated_at, attempts, version)
       VALUES ('post_ann', 'user_ann', 'draft', 'hello', '[]', '[]', '[]', ?, ?, 0, 0)`,
    ).run(CREATED, CREATED);
    insertCredentials(db);
  } finally {
    db.close();
  }

  expect(migrateSqlite(path).applied).toEqual(
    SQLITE_MIGRATIONS.map((m) => m.id).filter((id) => id >= '0032'),
  );
  const store = openSqliteStore({ path, migrate: false });
  try {
    for (const [id, email, created] of [
      ['user_ann', 'ann@example.com', CREATED],
      ['user_bob', 'bob@example.com', CREATED + 1],
    ] as const) {
      const at = new Date(created);
      const workspace = { id, name: email, personal: true, createdAt: at, updatedAt: at };
      const owner = {
        workspaceId: id,
        userId: id,
        role: 'owner',
        accountIds: null,
        createdAt: at,
        updatedAt: at,
      };
      expect(await store.workspaces.getWorkspace(id)).toEqual(workspace);
      expect(await store.workspaces.listMembers(id)).toEqual([owner]);
      expect(await store.workspaces.listMemberships(id)).toEqual([{ workspace, member: owner }]);
    }
    // Nothing owned was rewritten: the key and the post name their owner as before, now a workspace id.
    const key = await store.apiKeys.getApiKeyWithOwner('key_ann');
    expect(key?.key.ownerId).toBe('user_ann');
    expect(key?.owner?.email).toBe('ann@example.com');
    expect((await store.posts.getPost('post_ann'))?.ownerId).toBe('user_ann');
    expect(
      await store.workspaces.getWorkspace((await store.posts.getPost('post_ann'))?.ownerId ?? ''),
    ).not.toBeNull();
    await expectPreWorkspaceCredentialsWork(store);
  } finally {
    await store.close();
  }
});

/** A key, a connected account and an agent's grant and token, as the stores of 0031 wrote them. */
function insertCredentials(db: Database.Database): void {
  const w = PRE_WORKSPACE;
  db.prepare(
    `INSERT INTO api_keys (id, owner_id, name, secret_hash, scopes, account_ids, created_at)
     VALUES (?, ?, 'agent key', ?, ?, NULL, ?)`,
  ).run(w.keyId, w.userId, preWorkspaceKeyHash(), JSON.stringify(w.keyScopes), CREATED);
  db.prepare(
    `INSERT INTO connected_accounts (id, owner_id, platform, platform_account_id, handle, profile_url,
       profile_image_url, follower_count, status, needs_reconnect, sealed_credentials, token_expires_at,
       connected_at, updated_at)
     VALUES (?, ?, 'tiktok', 'tt_1', 'ann.tok', 'https://www.tiktok.com/@ann.tok', NULL, 12, 'active', 0, ?, NULL, ?, ?)`,
  ).run(w.accountId, w.userId, preWorkspaceSealedCredentials(), CREATED, CREATED);
  const record = db.prepare(
    `INSERT INTO oauth_records (kind, id, payload, grant_id, uid, user_code, expires_at, consumed_at, account_id)
     VALUES (?, ?, ?, ?, NULL, NULL, ?, NULL, ?)`,
  );
  for (const r of preWorkspaceOAuthRecords()) {
    record.run(r.kind, r.id, JSON.stringify(r.payload), r.grantId, r.expiresAt.getTime(), r.accountId);
  }
}

import {
  expectPreWorkspaceCredentialsWork,
  PRE_WORKSPACE,
  preWorkspaceKeyHash,
  preWorkspaceOAuthRecords,
  preWorkspaceSealedCredentials,
} from '@svc/core/testing';
import pg from 'pg';
import { expect, it } from 'vitest';
import { migratePostgres, openPostgresStore, POSTGRES_MIGRATIONS } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const CREATED = new Date('2026-01-10T08:00:00.000Z');
const later = (ms: number) => new Date(CREATED.getTime() + ms);

await describePostgres('PostgreSQL migration 0032', (db) => {
  it('gives every user a personal workspace with the same id, owned by them, and keeps keys, accounts, agent grants and posts working', async () => {
    const settings = await db.freshSchema();
    const pool = new pg.Pool({ connectionString: db.url(), ...settings });
    try {
      await migratePostgres(
        pool,
        POSTGRES_MIGRATIONS.filter((m) => m.id < '0032'),
      );
      const user = `INSERT INTO users (id, email, plan, beta_tester, api_access_disabled, created_at, updated_at)
        VALUES ($1, $2, '{"kind":"paid"}', false, false, $3, $3)`;
      await pool.query(user, ['user_ann', 'ann@example.com', CREATED]);
      await pool.query(user, ['user_bob', 'bob@example.com', later(1)]);
      await pool.query(
        `INSERT INTO api_keys (id, owner_id, name, secret_hash, scopes, account_ids, created_at)
         VALUES ('key_ann', 'user_ann', 'old key', 'hash', '{post:read}', NULL, $1)`,
        [CREATED],
      );
      await pool.query(
        `INSERT INTO posts (id, owner_id, status, caption, platforms, profile_ids, media, created_at, updated_at, attempts, version)
         VALUES ('post_ann', 'user_ann', 'draft', 'hello', '{}', '{}', '[]', $1, $1, 0, 0)`,
        [CREATED],
      );
      await insertCredentials(pool);
      expect((await migratePostgres(pool)).applied).toEqual(
        POSTGRES_MIGRATIONS.map((m) => m.id).filter((id) => id >= '0032'),
      );
    } finally {
      await pool.end();
    }

    const store = await openPostgresStore({ connectionString: db.url(), migrate: false, pool: settings });
    try {
      for (const [id, email, at] of [
        ['user_ann', 'ann@example.com', CREATED],
        ['user_bob', 'bob@example.com', later(1)],
      ] as const) {
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
      await expectPreWorkspaceCredentialsWork(store);
    } finally {
      await store.close();
    }
  });
});

/** A key, a connected account and an agent's grant and token, as the stores of 0031 wrote them. */
async function insertCredentials(pool: pg.Pool): Promise<void> {
  const w = PRE_WORKSPACE;
  await pool.query(
    `INSERT INTO api_keys (id, owner_id, name, secret_hash, scopes, account_ids, created_at)
     VALUES ($1, $2, 'agent key', $3, $4, NULL, $5)`,
    [w.keyId, w.userId, preWorkspaceKeyHash(), w.keyScopes, CREATED],
  );
  await pool.query(
    `INSERT INTO connected_accounts (id, owner_id, platform, platform_account_id, handle, profile_url,
       profile_image_url, follower_count, status, needs_reconnect, sealed_credentials, token_expires_at,
       connected_at, updated_at)
     VALUES ($1, $2, 'tiktok', 'tt_1', 'ann.tok', 'https://www.tiktok.com/@ann.tok', NULL, 12, 'active', false, $3,
       NULL, $4, $4)`,
    [w.accountId, w.userId, preWorkspaceSealedCredentials(), CREATED],
  );
  for (const r of preWorkspaceOAuthRecords()) {
    await pool.query(
      `INSERT INTO oauth_records (kind, id, payload, grant_id, uid, user_code, expires_at, consumed_at, account_id)
       VALUES ($1, $2, $3, $4, NULL, NULL, $5, NULL, $6)`,
      [r.kind, r.id, r.payload, r.grantId, r.expiresAt, r.accountId],
    );
  }
}

import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { getPostingOptions, listConnections } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import {
  AGENT_GRANT_KIND,
  actorInWorkspace,
  authenticateApiKey,
  boundWorkspaceOf,
  checkWorkspaceApiAccess,
  formatApiKey,
  OAUTH_CREDENTIAL_PREFIX,
  scopesForOAuth,
} from '../identity/index.js';
import { getPost } from '../posts/index.js';
import { createRecordingPlatformGateway } from './recording-platform-gateway.js';
import { createTestDeps } from './test-deps.js';

/**
 * What a database from before workspaces (migration 0032) holds for one person besides their
 * user row: an API key, a connected account with its sealed tokens, and an agent's OAuth grant
 * with an access token, each written as the code of that time wrote it. The migration tests of
 * both dialects insert these rows, migrate, and then prove with `expectPreWorkspaceCredentialsWork`
 * that each still works through the core, not only that the rows are there.
 */
export const PRE_WORKSPACE = {
  userId: 'user_ann',
  keyId: 'key_01JD0000000000000000000000',
  keySecret: 'k'.repeat(43),
  keyScopes: ['post:read', 'account:read'],
  postId: 'post_ann',
  accountId: 'acct_ann',
  credentials: { accessToken: 'tiktok-access-token', refreshToken: 'tiktok-refresh-token' },
  grantId: 'grant_ann',
  clientId: 'client_ann',
  resource: 'http://localhost/api/mcp',
  oauthScope: 'mcp:read',
  /** oidc-provider's opaque access token as the agent holds it; the store keeps only its hash. */
  accessToken: 'a'.repeat(43),
} as const;

const deps = () => createTestDeps().deps;

/** The API key's stored secret hash, as the key store wrote it. */
export function preWorkspaceKeyHash(): string {
  return deps().keyHasher.hash(PRE_WORKSPACE.keySecret);
}

/** The account's sealed tokens, as the connection flow wrote them (the test deps' secret box). */
export function preWorkspaceSealedCredentials(): string {
  return deps().secretBox.seal(JSON.stringify(PRE_WORKSPACE.credentials));
}

/**
 * The agent grant and access token rows as oidc-provider's adapter (packages/oauth,
 * store-adapter.ts) wrote them before workspaces: the grant under its own id with no
 * `workspaceId`, the token under the SHA-256 of its id with the `jti` dropped. The token was
 * issued half an hour before the test deps' clock (so it is live when the checks run) and lives
 * an hour, its grant two weeks. The OAuth package's test gives its own time, user and resource, to
 * run the same records through the real oidc-provider verifier.
 */
export function preWorkspaceOAuthRecords({
  issuedAt = new Date('2026-01-15T11:30:00.000Z'),
  userId = PRE_WORKSPACE.userId as string,
  resource = PRE_WORKSPACE.resource as string,
} = {}) {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  const exp = iat + 3600;
  const grantExp = iat + 14 * 86_400;
  const w = { ...PRE_WORKSPACE, userId, resource };
  return [
    {
      kind: AGENT_GRANT_KIND,
      id: w.grantId,
      payload: {
        iat,
        exp: grantExp,
        accountId: w.userId,
        clientId: w.clientId,
        kind: 'Grant',
        jti: w.grantId,
        openid: { scope: 'openid' },
        resources: { [w.resource]: w.oauthScope },
      },
      grantId: null,
      accountId: w.userId,
      expiresAt: new Date(grantExp * 1000),
    },
    {
      kind: 'AccessToken',
      id: createHash('sha256').update(w.accessToken).digest('base64url'),
      payload: {
        iat,
        exp,
        accountId: w.userId,
        aud: w.resource,
        clientId: w.clientId,
        expiresWithSession: false,
        grantId: w.grantId,
        gty: 'authorization_code',
        kind: 'AccessToken',
        scope: w.oauthScope,
        sessionUid: 'session_uid',
        jtiIsId: true,
      },
      grantId: w.grantId,
      accountId: w.userId,
      expiresAt: new Date(exp * 1000),
    },
  ] as const;
}

/**
 * Proves, through the core with the migrated store, that the person's old credentials act in
 * their personal workspace exactly as before: the key authenticates and reads the post and the
 * account; the account's sealed tokens open and reach the platform gateway; the OAuth access
 * token resolves, as the OAuth bearer verifier resolves it, to its grant and an Actor in the
 * personal workspace with the token's scopes.
 */
export async function expectPreWorkspaceCredentialsWork(store: Store): Promise<void> {
  const w = PRE_WORKSPACE;
  const tiktok = createRecordingPlatformGateway('tiktok');
  const { deps: core } = createTestDeps({ store, platforms: { tiktok } });

  const keyActor = (
    await authenticateApiKey(core, `Bearer ${formatApiKey(w.keyId, w.keySecret)}`)
  )._unsafeUnwrap();
  expect(keyActor).toMatchObject({
    user: { id: w.userId },
    credentialId: w.keyId,
    workspaceId: w.userId,
    scopes: w.keyScopes,
    accountIds: null,
    member: { workspaceId: w.userId, role: 'owner', accountIds: null },
  });
  expect((await getPost(core, keyActor, w.postId))._unsafeUnwrap()).toMatchObject({
    id: w.postId,
    ownerId: w.userId,
    caption: 'hello',
  });
  const connections = (await listConnections(core, keyActor))._unsafeUnwrap();
  expect(connections.map((a) => [a.id, a.platform, a.handle, a.ownerId])).toEqual([
    [w.accountId, 'tiktok', 'ann.tok', w.userId],
  ]);
  expect((await getPostingOptions(core, keyActor, w.accountId)).isOk()).toBe(true);
  // The sealed tokens opened with the service's secret box and reached the platform as written.
  expect(tiktok.postingOptionsCalls).toEqual([w.credentials]);

  // The OAuth bearer verifier's steps (packages/oauth, oauth-bearer-verifier.ts) over the store:
  // the token's record under its hash, its grant, and the Actor in the grant's workspace.
  const token = await store.oauth.find(
    'AccessToken',
    createHash('sha256').update(w.accessToken).digest('base64url'),
  );
  expect(token?.payload).toMatchObject({ grantId: w.grantId, aud: w.resource, scope: w.oauthScope });
  const grant = await store.oauth.find(AGENT_GRANT_KIND, String(token?.payload.grantId));
  expect(token?.expiresAt?.getTime()).toBeGreaterThan(core.clock.now().getTime());
  expect(grant).not.toBeNull();
  expect((await store.oauth.listByAccount(AGENT_GRANT_KIND, w.userId)).map((g) => g.id)).toEqual([w.grantId]);
  const user = await store.users.getUser(String(token?.payload.accountId));
  if (user === null || grant === null) throw new Error('the grant or its user is gone');
  const oauthScopes = [w.oauthScope];
  const oauthActor = await actorInWorkspace(
    core,
    {
      user,
      credentialId: `${OAUTH_CREDENTIAL_PREFIX}${w.clientId}`,
      scopes: scopesForOAuth(oauthScopes),
      accountIds: null,
      oauthScopes,
    },
    boundWorkspaceOf(grant.payload, user.id),
  );
  expect(oauthActor).toMatchObject({
    workspaceId: w.userId,
    scopes: scopesForOAuth(oauthScopes),
    oauthScopes,
    member: { workspaceId: w.userId, role: 'owner', accountIds: null },
  });
  if (oauthActor === null) throw new Error('the agent grant acts in no workspace');
  expect(checkWorkspaceApiAccess(oauthActor).isOk()).toBe(true);
  expect((await getPost(core, oauthActor, w.postId))._unsafeUnwrap().id).toBe(w.postId);
  expect((await listConnections(core, oauthActor))._unsafeUnwrap().map((a) => a.id)).toEqual([w.accountId]);
}

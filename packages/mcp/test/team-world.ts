// A team workspace with one member per role, each with a full-scope key made in it the way the
// operator makes one (`createApiKey` with a workspace), on the REST app with /api/mcp mounted:
// what the role × action test (role-matrix.test.ts) and the cross-workspace test run against.

import { type ConnectedAccount, createApiKey, createWorkspace, ROLES, type Role, type User } from '@svc/core';
import {
  anAccount,
  aPost,
  createRecordingPlatformGateway,
  TEST_AUTOMATION_PERMISSIONS,
} from '@svc/core/testing';
import { type McpTestApp, startMcpTestApp } from './mcp-test-app.js';

/** A link the media fetcher serves as a 1080x1350 JPEG. */
export const IMAGE_URL = 'https://cdn.example/team.jpg';
/** A time after the test clock's now (2026-01-15T12:00Z), for scheduled posts. */
export const FUTURE = '2026-02-02T10:00:00.000Z';

/** One REST request and its answer, as the tests read it. */
export type RestRequest = {
  readonly method: string;
  readonly path: string;
  readonly json?: unknown;
  readonly form?: FormData;
};
export type RestAnswer = { readonly status: number; readonly body: Record<string, any> };

export type TeamWorld = {
  readonly app: McpTestApp;
  readonly workspaceId: string;
  readonly ownerUser: User;
  /** A full-scope key per role, each made by that role's member in the workspace. */
  readonly keys: Readonly<Record<Role, string>>;
  readonly userIds: Readonly<Record<Role, string>>;
  readonly threads: ConnectedAccount;
  readonly facebook: ConnectedAccount;
  readonly instagram: ConnectedAccount;
  readonly tiktok: ConnectedAccount;
  /** An Instagram post already published, for comment automations. */
  readonly publishedId: string;
  /** A REST call with a key (the owner's when left out). */
  rest(request: RestRequest, key?: string): Promise<RestAnswer>;
  /** A REST call that must succeed (setting up a fixture), by the owner unless `key`: its body. */
  made(request: RestRequest, key?: string): Promise<Record<string, any>>;
  /** A caption never used before: the same caption twice is refused as a repeat. */
  caption(): string;
  /** A new email address. */
  email(): string;
  /** The email of a new user (one no workspace of this world has as a member yet). */
  newUser(): Promise<string>;
};

let serial = 0;

/** Starts the app and builds the workspace, its members, keys, accounts and a published post. */
export async function startTeamWorld(): Promise<TeamWorld> {
  const app = await startMcpTestApp({
    platforms: {
      instagram: createRecordingPlatformGateway('instagram'),
      tiktok: createRecordingPlatformGateway('tiktok'),
    },
  });
  const { user: ownerUser } = await app.userWithKey();
  const workspaceId = (
    await createWorkspace(app.core, { ownerUserId: ownerUser.id, name: 'Agency' })
  )._unsafeUnwrap().workspace.id;
  const keyIn = async (email: string) =>
    (
      await createApiKey(app.core, {
        email,
        workspaceId,
        scopes: ['*'],
        accountIds: null,
        name: null,
        expiresInDays: null,
      })
    )._unsafeUnwrap().key;

  const rest = async (request: RestRequest, key?: string): Promise<RestAnswer> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${key ?? keys.owner}` };
    let body: string | FormData | null = null;
    if (request.form !== undefined) body = request.form;
    else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const res = await fetch(`${app.url}${request.path}`, { method: request.method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text === '' ? {} : safeJson(text) };
  };

  const keys: Record<Role, string> = { owner: await keyIn(ownerUser.email) } as Record<Role, string>;
  const userIds: Record<Role, string> = { owner: ownerUser.id } as Record<Role, string>;
  for (const role of ROLES.filter((r) => r !== 'owner')) {
    const { email } = (await app.userWithKey()).user;
    const added = await rest({ method: 'POST', path: '/api/v1/members', json: { email, role } });
    if (added.status !== 201 && added.status !== 200) throw new Error(JSON.stringify(added));
    userIds[role] = added.body.userId;
    keys[role] = await keyIn(email);
  }

  const seeded = await seedWorkspace(app, workspaceId);
  // Posting slots on Threads, so posts can be queued there.
  await rest({
    method: 'PUT',
    path: `/api/v1/connections/${seeded.threads.id}/slots`,
    json: {
      timeZone: 'UTC',
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'thu', time: '15:00' },
      ],
    },
  });
  app.doubles.fetcher.serve(
    IMAGE_URL,
    app.doubles.inspector.describe(new TextEncoder().encode(IMAGE_URL), {
      contentType: 'image/jpeg',
      width: 1080,
      height: 1350,
    }),
  );
  return {
    app,
    workspaceId,
    ownerUser,
    keys,
    userIds,
    ...seeded,
    rest,
    made: async (request, key) => {
      const answer = await rest(request, key);
      if (answer.status >= 400)
        throw new Error(`${request.method} ${request.path}: ${JSON.stringify(answer)}`);
      return answer.body;
    },
    caption: () => {
      serial += 1;
      return `Team post ${serial}`;
    },
    email: () => {
      serial += 1;
      return `someone-${serial}@team.example`;
    },
    newUser: async () => (await app.userWithKey()).user.email,
  };
}

/** What a workspace holds for the tests: an account per platform tried, and a published post. */
export type SeededWorkspace = Pick<
  TeamWorld,
  'threads' | 'facebook' | 'instagram' | 'tiktok' | 'publishedId'
>;

/**
 * Connects Threads, Facebook, Instagram (with the automation permissions) and TikTok accounts to
 * a workspace, and stores an Instagram post already published there (for comment automations).
 */
export async function seedWorkspace(app: McpTestApp, workspaceId: string): Promise<SeededWorkspace> {
  const save = (overrides: Partial<ConnectedAccount>) =>
    app.core.store.accounts.saveAccount(anAccount(workspaceId, overrides));
  const threads = await save({ platform: 'threads' });
  const facebook = await save({ platform: 'facebook' });
  const instagram = await save({
    platform: 'instagram',
    sealedCredentials: app.core.secretBox.seal(
      JSON.stringify({ accessToken: 'i', permissions: [...TEST_AUTOMATION_PERMISSIONS] }),
    ),
  });
  const tiktok = await save({
    platform: 'tiktok',
    sealedCredentials: app.core.secretBox.seal(JSON.stringify({ accessToken: 't' })),
  });
  const published = aPost(workspaceId, instagram.id, {
    status: 'posted',
    dueAt: null,
    platformPostId: `ig-media-${workspaceId}`,
  });
  await app.core.store.posts.insertPosts({
    ownerId: workspaceId,
    at: app.core.clock.now(),
    posts: [published],
    idempotency: null,
    quota: { limit: 1000, windowStart: new Date(0) },
  });
  return { threads, facebook, instagram, tiktok, publishedId: published.id };
}

function safeJson(text: string): Record<string, any> {
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}

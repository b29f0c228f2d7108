import { join } from 'node:path';
import {
  type Actor,
  createDraft,
  createPostingOptionsCache,
  DEFAULT_PLAN_LIMITS,
  DEFAULT_POLICY_CONFIG,
  deletePost,
  requestApproval,
  type Store,
} from '@svc/core';
import { createRandomIdGenerator, systemClock } from '@svc/core/node';
import { openSqliteStore } from '@svc/store-sqlite';
import { describe, expect, it } from 'vitest';
import { svcInProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();

/** A user with a Threads sandbox account, made through the CLI; returns the actor of a full key. */
async function setUp(
  env: Record<string, string>,
): Promise<{ actor: (store: Store) => Promise<Actor>; accountId: string }> {
  await svcInProcess(['users', 'create', '--email', 'rev@example.com', '--plan', 'paid'], env);
  const account = await svcInProcess(
    ['accounts', 'connect-sandbox', '--email', 'rev@example.com', '--platform', 'threads', '--handle', 'rev'],
    env,
  );
  return {
    accountId: account.json.id,
    actor: async (store) => {
      const user = await store.users.getUserByEmail('rev@example.com');
      if (user === null) throw new Error('user missing');
      return { user, credentialId: 'key_test', scopes: ['*'], accountIds: null };
    },
  };
}

/** Runs core use cases on the CLI's database, as the API server would. */
async function withStore<T>(dir: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = openSqliteStore({ path: join(dir, 'svc.db') });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

function coreOf(store: Store) {
  return {
    store,
    clock: systemClock,
    ids: createRandomIdGenerator(systemClock),
    policy: DEFAULT_POLICY_CONFIG,
    planLimits: DEFAULT_PLAN_LIMITS,
    publisher: { nextRunAt: (now: Date) => now, postsDue: () => {} },
    postingOptionsCache: createPostingOptionsCache(),
    platforms: {},
  } as never;
}

describe('svc approvals decide and svc posts restore', () => {
  it('approves a draft awaiting review into a scheduled post, and refuses a second decision', async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir };
    const { actor, accountId } = await setUp(env);
    const { postId, approvalId } = await withStore(dir, async (store) => {
      const who = await actor(store);
      const draft = (
        await createDraft(coreOf(store), who, { contentHint: 'hello world', profileIds: [accountId] })
      )._unsafeUnwrap();
      const asked = (
        await requestApproval(coreOf(store), who, { postId: draft.id, note: 'pls' })
      )._unsafeUnwrap();
      return { postId: draft.id, approvalId: asked.approvalId };
    });

    const decided = await svcInProcess(['approvals', 'decide', approvalId, '--approve', '--note', 'ok'], env);
    expect(decided).toMatchObject({
      code: 0,
      json: {
        approvalId,
        postId,
        status: 'approved',
        reviewerNote: 'ok',
        postStatus: 'scheduled',
        scheduledPostIds: [postId],
      },
    });
    const again = await svcInProcess(['approvals', 'decide', postId, '--reject'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^svc: Approval appr_\S+ was already approved\.\n$/);
  });

  it('rejects by post id, and refuses usage errors, unknown ids and a draft that can no longer publish', async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir };
    const { actor, accountId } = await setUp(env);
    const postId = await withStore(dir, async (store) => {
      const who = await actor(store);
      const draft = (
        await createDraft(coreOf(store), who, { contentHint: 'gone soon', profileIds: [accountId] })
      )._unsafeUnwrap();
      (await requestApproval(coreOf(store), who, { postId: draft.id }))._unsafeUnwrap();
      // The account goes away while the draft waits for review.
      const account = await store.accounts.getAccount(accountId);
      if (account !== null) await store.accounts.saveAccount({ ...account, status: 'inactive' });
      return draft.id;
    });
    const gone = await svcInProcess(['approvals', 'decide', postId, '--approve'], env);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`inactive profile id ${accountId}`);
    const rejected = await svcInProcess(
      ['approvals', 'decide', postId, '--reject', '--note', 'add an account'],
      env,
    );
    expect(rejected.json).toMatchObject({
      status: 'rejected',
      postStatus: 'draft',
      reviewerNote: 'add an account',
    });
    for (const args of [
      ['approvals', 'decide', postId],
      ['approvals', 'decide', postId, '--approve', '--reject'],
      ['approvals', 'decide'],
    ]) {
      expect((await svcInProcess(args, env)).code, args.join(' ')).toBe(2);
    }
    expect((await svcInProcess(['approvals', 'decide', 'appr_nope', '--approve'], env)).stderr).toContain(
      'No approval appr_nope',
    );
  });

  it('restores a deleted post', async () => {
    const dir = dataDir();
    const env = { SVC_DATA_DIR: dir };
    const { actor } = await setUp(env);
    const postId = await withStore(dir, async (store) => {
      const who = await actor(store);
      const draft = (await createDraft(coreOf(store), who, { contentHint: 'bye' }))._unsafeUnwrap();
      (await deletePost(coreOf(store), who, draft.id))._unsafeUnwrap();
      return draft.id;
    });
    const restored = await svcInProcess(['posts', 'restore', postId], env);
    expect(restored).toMatchObject({ code: 0, json: { id: postId, status: 'draft', scheduledTime: null } });
    const twice = await svcInProcess(['posts', 'restore', postId], env);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('Only deleted posts can be restored');
    expect((await svcInProcess(['posts', 'restore', 'post_nope'], env)).stderr).toContain('not found');
    expect((await svcInProcess(['posts', 'restore', '--help'], env)).stdout).toMatch(
      /^Usage: svc posts restore/,
    );
  });
});

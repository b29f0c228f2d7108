import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor, User } from '../../identity/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createPosts } from './create-posts.js';

describe('createPosts: the duplicate-content pre-flight', () => {
  let t: TestDeps;
  let user: User;
  let actor: Actor;
  let threads: ConnectedAccount;
  let other: ConnectedAccount;

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    actor = { user, credentialId: 'key_1', scopes: ['post:write', 'post:read'], accountIds: null };
    threads = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads', handle: 'one' }));
    other = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads', handle: 'two' }));
  });

  const create = (payload: Record<string, unknown>) =>
    createPosts(
      t.deps,
      actor,
      { platforms: ['threads'], profileIds: [threads.id], caption: 'New drop Friday', ...payload },
      { requireScheduledTime: false },
    );

  it('refuses the same caption and media on the same account within 48 hours, naming the earlier post', async () => {
    const first = (await create({ scheduledTime: '2026-01-16T09:00:00Z' }))._unsafeUnwrap();
    const error = (
      await create({ caption: '  new drop  FRIDAY', scheduledTime: '2026-01-17T20:00:00Z' })
    )._unsafeUnwrapErr();
    expect(error).toMatchObject({
      code: 'duplicate_content',
      details: {
        duplicateOf: first.postIds[0],
        profileId: threads.id,
        status: 'scheduled',
        scheduledTime: '2026-01-16T09:00:00.000Z',
      },
    });
    expect(error.message).toContain('allowDuplicate: true');
    expect(
      (
        await t.store.posts.listPosts({
          ownerId: user.id,
          statuses: null,
          accountIds: null,
          limit: 10,
          after: null,
        })
      ).posts,
    ).toHaveLength(1);
  });

  it('lets the content go out again on another account, 48 hours apart, or with allowDuplicate', async () => {
    (await create({ scheduledTime: '2026-01-16T09:00:00Z' }))._unsafeUnwrap();
    expect((await create({ profileIds: [other.id], scheduledTime: '2026-01-16T09:00:00Z' })).isOk()).toBe(
      true,
    );
    expect((await create({ scheduledTime: '2026-01-18T09:00:01Z' })).isOk()).toBe(true);
    expect((await create({ scheduledTime: '2026-01-16T10:00:00Z', allowDuplicate: true })).isOk()).toBe(true);
  });

  it('answers a retry with the same externalId as the first attempt, not as a repeat', async () => {
    const payload = { scheduledTime: '2026-01-16T09:00:00Z', externalId: 'order-1' };
    const first = (await create(payload))._unsafeUnwrap();
    const again = (await create(payload))._unsafeUnwrap();
    expect(again).toMatchObject({ postIds: first.postIds, replayed: true });
  });

  it('does not count a deleted post or a failed one', async () => {
    const first = (await create({ scheduledTime: '2026-01-16T09:00:00Z' }))._unsafeUnwrap();
    const row = await t.store.posts.getPost(first.postIds[0] ?? '');
    if (row === null) throw new Error('no row');
    await t.store.posts.updatePost({ ...row, deletedAt: t.clock.now() }, row.version);
    const second = (await create({ scheduledTime: '2026-01-16T10:00:00Z' }))._unsafeUnwrap();
    const failed = await t.store.posts.getPost(second.postIds[0] ?? '');
    if (failed === null) throw new Error('no row');
    await t.store.posts.updatePost({ ...failed, status: 'failed', dueAt: null }, failed.version);
    expect((await create({ scheduledTime: '2026-01-16T11:00:00Z' })).isOk()).toBe(true);
  });

  it('names no override where the surface offers none', async () => {
    (await create({ scheduledTime: '2026-01-16T09:00:00Z' }))._unsafeUnwrap();
    const error = (
      await createPosts(
        t.deps,
        actor,
        {
          platforms: ['threads'],
          profileIds: [threads.id],
          caption: 'New drop Friday',
          scheduledTime: '2026-01-16T09:30:00Z',
        },
        { requireScheduledTime: false, duplicateOverride: null },
      )
    )._unsafeUnwrapErr();
    expect(error.code).toBe('duplicate_content');
    expect(error.message).not.toContain('allowDuplicate');
  });
});

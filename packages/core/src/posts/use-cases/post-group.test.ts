import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { createPosts } from './create-posts.js';
import { deletePostGroup } from './delete-post-group.js';
import { editPostGroup } from './edit-post-group.js';
import { getPostGroup } from './post-group.js';

describe('post groups', () => {
  let t: TestDeps;
  const owner = aUser();
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write', 'post:read'],
    accountIds: null,
    ...overrides,
  });
  const later = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000);

  /** One request to Threads and Facebook: the group's rows, Threads first. */
  const schedule = async (caption = 'Launch day'): Promise<Post[]> => {
    const created = await createPosts(
      t.deps,
      actor(),
      {
        platforms: ['threads', 'facebook'],
        profileIds: [threads.id, facebook.id],
        caption,
        scheduledTime: later(2).toISOString(),
      },
      { requireScheduledTime: true },
    );
    return [...created._unsafeUnwrap().posts];
  };
  /** Marks a row posted, as the publisher would have. */
  const markPosted = async (post: Post) => {
    const stored = (await t.store.posts.getPost(post.id)) as Post;
    await t.store.posts.updatePost(
      { ...stored, status: 'posted', publishedAt: t.clock.now(), dueAt: null },
      stored.version,
    );
  };

  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(owner);
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    facebook = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'facebook' }));
  });

  it('gives the rows of one request one group id, and another request another', async () => {
    const [a, b] = await schedule();
    const [c] = await schedule('Another day');
    expect(a?.groupId).toMatch(/^grp_/);
    expect(b?.groupId).toBe(a?.groupId);
    expect(c?.groupId).not.toBe(a?.groupId);
    const group = (await getPostGroup(t.deps, actor(), a?.groupId ?? ''))._unsafeUnwrap();
    expect(group.posts.map((p) => p.id)).toEqual([a?.id, b?.id]);
  });

  it('moves and edits every member in one go', async () => {
    const [a, b] = (await schedule()) as [Post, Post];
    const when = later(30);
    const changed = (
      await editPostGroup(t.deps, actor(), {
        groupId: a.groupId as string,
        scheduledTime: when.toISOString(),
        caption: 'New words',
      })
    )._unsafeUnwrap();
    expect(changed.skipped).toEqual([]);
    for (const id of [a.id, b.id]) {
      expect(await t.store.posts.getPost(id)).toMatchObject({
        scheduledTime: when,
        dueAt: when,
        caption: 'New words',
        version: 1,
      });
    }
    expect(t.publisher.dueCalls).toContainEqual(when);
  });

  it('leaves a posted member as it is and reports it', async () => {
    const [a, b] = (await schedule()) as [Post, Post];
    await markPosted(a);
    const when = later(30);
    const changed = (
      await editPostGroup(t.deps, actor(), {
        groupId: a.groupId as string,
        scheduledTime: when.toISOString(),
      })
    )._unsafeUnwrap();
    expect(changed.posts.map((p) => p.id)).toEqual([b.id]);
    expect(changed.skipped).toEqual([
      expect.objectContaining({ postId: a.id, platform: 'threads', code: 'invalid_post_state' }),
    ]);
    expect((await t.store.posts.getPost(a.id))?.scheduledTime).toEqual(a.scheduledTime);
    expect((await t.store.posts.getPost(b.id))?.scheduledTime).toEqual(when);
  });

  it('refuses the whole edit, naming the member, when one member refuses the change', async () => {
    const [a, b] = (await schedule()) as [Post, Post];
    // Threads takes 500 characters, Facebook many more: only the Threads member refuses.
    const error = (
      await editPostGroup(t.deps, actor(), { groupId: a.groupId as string, caption: 'x'.repeat(600) })
    )._unsafeUnwrapErr();
    expect(error.message).toContain(
      `The Threads post (${a.id}) refused, so nothing in the group was changed`,
    );
    expect(error.details).toMatchObject({ groupId: a.groupId, postId: a.id });
    expect(await t.store.posts.getPost(a.id)).toEqual(a);
    expect(await t.store.posts.getPost(b.id)).toEqual(b);
  });

  it('deletes every member that is not published, and refuses when none can be deleted', async () => {
    const [a, b] = (await schedule()) as [Post, Post];
    await markPosted(a);
    const deleted = (await deletePostGroup(t.deps, actor(), a.groupId as string))._unsafeUnwrap();
    expect(deleted.posts.map((p) => [p.id, p.deletedAt])).toEqual([[b.id, t.clock.now()]]);
    expect(deleted.skipped.map((s) => s.postId)).toEqual([a.id]);
    const again = (await deletePostGroup(t.deps, actor(), a.groupId as string))._unsafeUnwrapErr();
    expect(again).toMatchObject({ code: 'invalid_post_state', details: { postId: a.id } });
  });

  it("shows a key limited to some accounts only the members on them, and nobody else's group", async () => {
    const [a, b] = (await schedule()) as [Post, Post];
    const limited = (
      await getPostGroup(t.deps, actor({ accountIds: [facebook.id] }), a.groupId as string)
    )._unsafeUnwrap();
    expect(limited.posts.map((p) => p.id)).toEqual([b.id]);
    const stranger = actor({ user: aUser() });
    expect((await getPostGroup(t.deps, stranger, a.groupId as string))._unsafeUnwrapErr().code).toBe(
      'post_not_found',
    );
    expect(
      (
        await deletePostGroup(t.deps, actor({ scopes: ['post:read'] }), a.groupId as string)
      )._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
    expect((await t.store.posts.getPost(a.id))?.deletedAt).toBeNull();
  });
});

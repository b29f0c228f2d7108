import { beforeEach, describe, expect, it } from 'vitest';
import { type ConnectedAccount, saveConnection } from '../../accounts/index.js';
import { createDraft, decideApproval, requestApproval } from '../../approvals/index.js';
import type { Actor, User } from '../../identity/index.js';
import { uploadMedia } from '../../media/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createPosts } from './create-posts.js';
import { deletePost } from './delete-post.js';
import { restorePost } from './restore-post.js';
import { updateScheduledPost } from './update-scheduled-post.js';

// Every state change a use case makes lands in the journal with it; nothing else does.
describe('the journal of the use cases', () => {
  let t: TestDeps;
  let user: User;
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  const actor = (): Actor => ({ user, credentialId: 'key_1', scopes: ['*'], accountIds: null });
  const journal = async () =>
    (await t.store.events.listEvents(null, 1000)).map((e) => `${e.type} ${e.subjectId}`);

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    threads = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    facebook = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'facebook' }));
  });

  it('records created, edited, deleted and restored posts; a refused request records nothing', async () => {
    const created = (
      await createPosts(
        t.deps,
        actor(),
        { platforms: ['threads', 'facebook'], caption: 'Hello', scheduledTime: '2026-01-16T09:00:00Z' },
        { requireScheduledTime: false },
      )
    )._unsafeUnwrap();
    const [a, b] = created.postIds as [string, string];
    expect(await journal()).toEqual([`post.scheduled ${a}`, `post.scheduled ${b}`]);
    (await updateScheduledPost(t.deps, actor(), { postId: a, caption: 'Hello there' }))._unsafeUnwrap();
    (
      await createPosts(
        t.deps,
        actor(),
        { platforms: ['facebook'], caption: 'Hello', scheduledTime: '2026-01-16T09:00:00Z' },
        {
          requireScheduledTime: false,
        },
      )
    )._unsafeUnwrapErr();
    (await deletePost(t.deps, actor(), b))._unsafeUnwrap();
    (await restorePost(t.deps, b, t.clock.now()))._unsafeUnwrap();
    expect(await journal()).toEqual([
      `post.scheduled ${a}`,
      `post.scheduled ${b}`,
      `post.edited ${a}`,
      `post.deleted ${b}`,
      `post.restored ${b}`,
    ]);
  });

  it('records approval requests, approvals with every scheduled row, and rejections', async () => {
    const draft = (
      await createDraft(t.deps, actor(), { contentHint: 'x', profileIds: [threads.id, facebook.id] })
    )._unsafeUnwrap();
    (await requestApproval(t.deps, actor(), { postId: draft.id }))._unsafeUnwrap();
    const decided = (await decideApproval(t.deps, { id: draft.id, approve: true }))._unsafeUnwrap();
    const [first, sibling] = decided.scheduledPostIds as [string, string];
    const other = (
      await createDraft(t.deps, actor(), { contentHint: 'y', profileIds: [threads.id] })
    )._unsafeUnwrap();
    (await requestApproval(t.deps, actor(), { postId: other.id }))._unsafeUnwrap();
    (await decideApproval(t.deps, { id: other.id, approve: false }))._unsafeUnwrap();
    expect(await journal()).toEqual([
      `post.approval_requested ${draft.id}`,
      `post.approved ${first}`,
      `post.scheduled ${first}`,
      `post.scheduled ${sibling}`,
      `post.approval_requested ${other.id}`,
      `post.rejected ${other.id}`,
    ]);
    expect(first).toBe(draft.id);
  });

  it('records connected and reconnected accounts and media that became usable', async () => {
    const input = {
      ownerId: user.id,
      platform: 'instagram' as const,
      platformAccountId: 'ig-42',
      handle: 'brand',
      profileUrl: 'https://instagram.example/brand',
      profileImageUrl: null,
      followerCount: null,
      credentials: { accessToken: 'token' },
      tokenExpiresAt: null,
    };
    const connected = (await saveConnection(t.deps, input))._unsafeUnwrap();
    const again = (await saveConnection(t.deps, { ...input, handle: 'brand_new' }))._unsafeUnwrap();
    expect(again.id).toBe(connected.id);
    const bytes = t.inspector.describe(new TextEncoder().encode('photo'), {
      contentType: 'image/jpeg',
      width: 10,
      height: 10,
    });
    const upload = async () =>
      (
        await uploadMedia(
          t.deps,
          actor(),
          (async function* () {
            yield bytes;
          })(),
        )
      )._unsafeUnwrap();
    const asset = await upload();
    expect((await upload()).id).toBe(asset.id);
    expect(await journal()).toEqual([
      `account.connected ${connected.id}`,
      `account.reconnected ${connected.id}`,
      `media.ready ${asset.id}`,
    ]);
  });
});

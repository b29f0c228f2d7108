import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, User } from '../../identity/index.js';
import { mediaReadyEvent } from '../../media/index.js';
import { type Post, scheduledEvents, transition } from '../../posts/index.js';
import { aMediaAsset, anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { accountEvent } from '../account-events.js';
import { recentActivity } from './recent-activity.js';

describe('recentActivity', () => {
  let t: TestDeps;
  let user: User;
  const actorOf = (overrides: Partial<Actor> = {}): Actor => ({
    user,
    credentialId: 'key_1',
    scopes: ['post:read'],
    accountIds: null,
    ...overrides,
  });
  const insert = async (ownerId: string, posts: Post[]) => {
    const outcome = await t.store.posts.insertPosts({
      ownerId,
      at: t.clock.now(),
      posts,
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date('2026-01-01T00:00:00Z') },
      events: scheduledEvents(posts, t.clock.now()),
    });
    expect(outcome.kind).toBe('inserted');
  };
  const summary = (entries: Awaited<ReturnType<typeof read>>) =>
    entries.map((e) => [
      e.event.type,
      e.event.subjectId,
      e.post?.captionPreview ?? null,
      e.post?.deleted ?? null,
    ]);
  const read = async (actor: Actor = actorOf(), limit?: number) =>
    (await recentActivity(t.deps, actor, limit))._unsafeUnwrap();

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
  });

  it("lists the person's events newest first with their posts' captions, and nobody else's", async () => {
    const ig = await t.store.accounts.saveAccount(anAccount(user.id, { id: 'acct_ig' }));
    await t.store.accounts.saveAccount(ig, [accountEvent('account.connected', ig, t.clock.now())]);
    const hello = aPost(user.id, ig.id, { id: 'post_hello', caption: 'Hello world' });
    const bye = aPost(user.id, ig.id, { id: 'post_bye', caption: 'x'.repeat(200) });
    await insert(user.id, [hello, bye]);
    const other = aUser();
    await insert(other.id, [aPost(other.id, 'acct_other', { id: 'post_other', caption: 'Not mine' })]);
    const asset = aMediaAsset(user.id, { id: 'media_1' });
    await t.store.media.addMediaAsset(asset, {
      storageLimitBytes: 1e12,
      sourceUrl: null,
      events: [mediaReadyEvent(asset, t.clock.now())],
    });
    const deleted = transition(bye, { type: 'delete', at: t.clock.now() })._unsafeUnwrap();
    await t.store.posts.updatePost(deleted.post, bye.version, deleted.events);

    expect(summary(await read())).toEqual([
      ['post.deleted', 'post_bye', `${'x'.repeat(79)}…`, true],
      ['media.ready', 'media_1', null, null],
      ['post.scheduled', 'post_bye', `${'x'.repeat(79)}…`, true],
      ['post.scheduled', 'post_hello', 'Hello world', false],
      ['account.connected', 'acct_ig', null, null],
    ]);
    expect(summary(await read(actorOf(), 2)).map((e) => e[1])).toEqual(['post_bye', 'media_1']);
  });

  it("shows a key limited to some accounts only those accounts' events and the library's", async () => {
    const ig = await t.store.accounts.saveAccount(anAccount(user.id, { id: 'acct_ig' }));
    const th = await t.store.accounts.saveAccount(anAccount(user.id, { id: 'acct_th', platform: 'threads' }));
    await t.store.accounts.saveAccount(th, [accountEvent('account.connected', th, t.clock.now())]);
    await insert(user.id, [
      aPost(user.id, ig.id, { id: 'post_ig' }),
      aPost(user.id, th.id, { id: 'post_th', platforms: ['threads'] }),
    ]);
    const asset = aMediaAsset(user.id, { id: 'media_1' });
    await t.store.media.addMediaAsset(asset, {
      storageLimitBytes: 1e12,
      sourceUrl: null,
      events: [mediaReadyEvent(asset, t.clock.now())],
    });
    const limited = actorOf({ accountIds: [ig.id] });
    expect(summary(await read(limited)).map((e) => e[1])).toEqual(['media_1', 'post_ig']);
  });

  it('needs the post:read scope', async () => {
    const refused = await recentActivity(t.deps, actorOf({ scopes: ['account:read'] }));
    expect(refused._unsafeUnwrapErr().code).toBe('insufficient_scope');
  });
});

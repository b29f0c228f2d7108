import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import {
  decodeListCursor as decodePostCursor,
  encodeListCursor as encodePostCursor,
} from '../../kernel/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { listPostRecords, listPosts, REST_LIST_POSTS_MAX } from './list-posts.js';

describe('listPosts', () => {
  let t: TestDeps;
  const owner = aUser();
  let ig: ConnectedAccount;
  let th: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:read'],
    accountIds: null,
    ...overrides,
  });
  const minute = (n: number) => new Date(Date.parse('2026-01-15T12:00:00Z') + n * 60_000);

  beforeEach(async () => {
    t = createTestDeps();
    ig = await t.store.accounts.saveAccount(
      anAccount(owner.id, { platform: 'instagram', handle: 'ig_handle' }),
    );
    th = await t.store.accounts.saveAccount(
      anAccount(owner.id, { platform: 'threads', handle: 'th_handle' }),
    );
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: minute(0),
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
      posts: [
        aPost(owner.id, ig.id, { id: 'post_1', createdAt: minute(1), caption: 'é'.repeat(150) }),
        aPost(owner.id, th.id, {
          id: 'post_2',
          createdAt: minute(2),
          platforms: ['threads'],
          status: 'failed',
          failedReason: 'token',
        }),
        aPost(owner.id, ig.id, { id: 'post_3', createdAt: minute(3), status: 'publishing', leaseOwner: 'p' }),
      ],
    });
  });

  it('lists newest first with previews, targets and an opaque cursor', async () => {
    const first = (await listPosts(t.deps, actor(), { limit: 2 }))._unsafeUnwrap();
    expect(first.posts.map((p) => [p.id, p.status])).toEqual([
      ['post_3', 'scheduled'],
      ['post_2', 'failed'],
    ]);
    expect(first.posts[1]).toMatchObject({
      targets: [{ platform: 'threads', profileId: th.id, handle: 'th_handle' }],
      failedReason: 'token',
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await listPosts(t.deps, actor(), { limit: 2, cursor: first.nextCursor }))._unsafeUnwrap();
    expect(second.posts.map((p) => p.id)).toEqual(['post_1']);
    expect(Array.from(second.posts[0]?.captionPreview ?? '')).toHaveLength(100);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by status and by the accounts of the key', async () => {
    const ids = async (who: Actor, status?: string) =>
      (await listPosts(t.deps, who, { status: status ?? null }))._unsafeUnwrap().posts.map((p) => p.id);
    expect(await ids(actor(), 'scheduled')).toEqual(['post_3', 'post_1']);
    expect(await ids(actor({ accountIds: [th.id] }))).toEqual(['post_2']);
  });

  it('refuses a bad status, limit or cursor and a key without post:read', async () => {
    const code = async (input: Parameters<typeof listPosts>[2], who = actor()) =>
      (await listPosts(t.deps, who, input))._unsafeUnwrapErr().code;
    expect(await code({ status: 'publishing' })).toBe('validation_failed');
    expect(await code({ limit: 0 })).toBe('validation_failed');
    expect(await code({ limit: 51 })).toBe('validation_failed');
    expect(await code({ cursor: 'garbage!' })).toBe('validation_failed');
    expect(await code({}, actor({ scopes: ['post:write'] }))).toBe('insufficient_scope');
  });

  it('filters by platform, account and scheduled-time range, all together', async () => {
    const ids = async (input: Parameters<typeof listPosts>[2]) =>
      (await listPosts(t.deps, actor(), input))._unsafeUnwrap().posts.map((p) => p.id);
    expect(await ids({ platform: 'threads' })).toEqual(['post_2']);
    expect(await ids({ profileId: ig.id })).toEqual(['post_3', 'post_1']);
    expect(await ids({ profileId: ig.id, status: 'scheduled', platform: 'instagram' })).toEqual([
      'post_3',
      'post_1',
    ]);
    // aPost schedules an hour after the builders' clock; [from, to) leaves a post at `to` out.
    const hour = new Date(Date.parse('2026-01-15T13:00:00Z'));
    expect(await ids({ from: hour })).toEqual(['post_3', 'post_2', 'post_1']);
    expect(await ids({ to: hour })).toEqual([]);
    expect(await ids({ from: minute(0), to: new Date(hour.getTime() + 1) })).toHaveLength(3);
  });

  it('filters by text in the caption or title, trimmed, an empty text filtering nothing', async () => {
    const ids = async (input: Parameters<typeof listPosts>[2]) =>
      (await listPosts(t.deps, actor(), input))._unsafeUnwrap().posts.map((p) => p.id);
    expect(await ids({ text: '  hELLo ' })).toEqual(['post_3', 'post_2']);
    expect(await ids({ text: 'hello', status: 'failed', platform: 'threads' })).toEqual(['post_2']);
    expect(await ids({ text: '   ' })).toEqual(['post_3', 'post_2', 'post_1']);
    expect(await ids({ text: null })).toHaveLength(3);
    // At most 100 characters once trimmed.
    expect(await ids({ text: ` ${'é'.repeat(100)} ` })).toEqual(['post_1']);
  });

  it('refuses bad filters with the field named', async () => {
    const field = async (input: Parameters<typeof listPosts>[2]) => {
      const error = (await listPosts(t.deps, actor(), input))._unsafeUnwrapErr();
      expect(error.code).toBe('validation_failed');
      return error.details?.field;
    };
    expect(await field({ platform: 'myspace' })).toBe('platform');
    expect(await field({ profileId: '' })).toBe('profileId');
    expect(await field({ from: new Date(Number.NaN) })).toBe('from');
    expect(await field({ from: minute(5), to: minute(5) })).toBe('to');
    expect(await field({ text: 'x'.repeat(101) })).toBe('text');
  });

  it('allows pages up to the maximum the surface gives: 50 for the tool, 100 for REST', async () => {
    expect((await listPosts(t.deps, actor(), { limit: 100 }))._unsafeUnwrapErr().details).toMatchObject({
      field: 'limit',
      max: 50,
    });
    const rest = { maxLimit: REST_LIST_POSTS_MAX };
    expect((await listPosts(t.deps, actor(), { limit: 100 }, rest)).isOk()).toBe(true);
    expect((await listPosts(t.deps, actor(), { limit: 101 }, rest))._unsafeUnwrapErr().code).toBe(
      'validation_failed',
    );
  });

  it('lists full post records with the same checks and cursor', async () => {
    const first = (await listPostRecords(t.deps, actor(), { limit: 2 }))._unsafeUnwrap();
    expect(first.posts.map((p) => p.id)).toEqual(['post_3', 'post_2']);
    expect(first.posts[1]).toMatchObject({ status: 'failed', platforms: ['threads'], profileIds: [th.id] });
    const second = (
      await listPostRecords(t.deps, actor(), { limit: 2, cursor: first.nextCursor })
    )._unsafeUnwrap();
    expect(second.posts.map((p) => p.caption.length)).toEqual([150]);
    expect((await listPostRecords(t.deps, actor(), { status: 'nope' }))._unsafeUnwrapErr().code).toBe(
      'validation_failed',
    );
    expect(
      (await listPostRecords(t.deps, actor({ scopes: ['post:write'] }), {}))._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
  });

  it('round-trips cursors', () => {
    const cursor = { createdAt: minute(7), id: 'post_01JABC' };
    expect(decodePostCursor(encodePostCursor(cursor))).toEqual(cursor);
    expect(decodePostCursor('')).toBeNull();
  });
});

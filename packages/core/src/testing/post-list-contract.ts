import { expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { Post, PostPage } from '../posts/index.js';
import { aPost } from './builders.js';
import { at, OWNER, seed } from './post-query-contract-support.js';

/**
 * The filtered, paged list of posts (order, cursor, status, accounts, platform, time range, text),
 * registered in the caller's `post lists` block; `store()` is the test's fresh store.
 */
export function describePostListContract(store: () => Store): void {
  it('lists newest first with id breaking ties, pages with a cursor, leaves deleted and foreign posts out', async () => {
    const posts = [
      aPost(OWNER, 'acct_a', { id: 'post_a1', createdAt: at(1) }),
      aPost(OWNER, 'acct_a', { id: 'post_a2', createdAt: at(2) }),
      aPost(OWNER, 'acct_a', { id: 'post_a3', createdAt: at(2), name: 'Launch' }),
      aPost(OWNER, 'acct_a', { id: 'post_a4', createdAt: at(3), deletedAt: at(4) }),
      aPost('user_other', 'acct_z', { id: 'post_z1', createdAt: at(5) }),
    ];
    await seed(store(), posts);
    const first = await store().posts.listPosts({
      ownerId: OWNER,
      statuses: null,
      accountIds: null,
      limit: 2,
      after: null,
    });
    expect(first.posts.map((p) => p.id)).toEqual(['post_a3', 'post_a2']);
    expect(first.posts[0]).toEqual(posts[2]);
    expect(first.next).toEqual({ createdAt: at(2), id: 'post_a2' });
    const second = await store().posts.listPosts({
      ownerId: OWNER,
      statuses: null,
      accountIds: null,
      limit: 2,
      after: first.next,
    });
    expect(second.posts.map((p) => p.id)).toEqual(['post_a1']);
    expect(second.next).toBeNull();
  });

  it('filters by public status (publishing is scheduled) and by accounts', async () => {
    await seed(store(), [
      aPost(OWNER, 'acct_a', { id: 'post_s', createdAt: at(1) }),
      aPost(OWNER, 'acct_b', { id: 'post_p', createdAt: at(2), status: 'publishing', leaseOwner: 'x' }),
      aPost(OWNER, 'acct_a', { id: 'post_d', createdAt: at(3), status: 'draft', profileIds: [] }),
      aPost(OWNER, 'acct_a', { id: 'post_f', createdAt: at(4), status: 'failed', failedReason: 'no' }),
      aPost(OWNER, 'acct_a', {
        id: 'post_m',
        createdAt: at(5),
        status: 'draft',
        profileIds: ['acct_a', 'acct_b'],
      }),
    ]);
    const ids = async (statuses: Post['status'][] | null, accountIds: string[] | null) =>
      (
        await store().posts.listPosts({
          ownerId: OWNER,
          statuses: statuses as never,
          accountIds,
          limit: 50,
          after: null,
        })
      ).posts.map((p) => p.id);
    expect(await ids(['scheduled'], null)).toEqual(['post_p', 'post_s']);
    expect(await ids(['draft', 'failed'], null)).toEqual(['post_m', 'post_f', 'post_d']);
    expect(await ids(null, ['acct_a'])).toEqual(['post_f', 'post_d', 'post_s']);
    expect(await ids(null, ['acct_a', 'acct_b'])).toEqual(['post_m', 'post_f', 'post_d', 'post_p', 'post_s']);
    expect(await ids(null, [])).toEqual(['post_d']);
  });

  it('filters by platform, by one target account and by a scheduled-time range, all together', async () => {
    await seed(store(), [
      aPost(OWNER, 'acct_a', { id: 'post_ig', createdAt: at(1), scheduledTime: at(30) }),
      aPost(OWNER, 'acct_t', {
        id: 'post_th',
        createdAt: at(2),
        platforms: ['threads'],
        scheduledTime: at(60),
      }),
      aPost(OWNER, 'acct_a', {
        id: 'post_multi',
        createdAt: at(3),
        status: 'draft',
        platforms: ['instagram', 'threads'],
        profileIds: ['acct_a', 'acct_t'],
        scheduledTime: null,
      }),
      aPost(OWNER, 'acct_a', { id: 'post_edge', createdAt: at(4), scheduledTime: at(90) }),
      aPost(OWNER, 'acct_a', {
        id: 'post_gone',
        createdAt: at(5),
        scheduledTime: at(30),
        deletedAt: at(6),
      }),
      aPost('user_other', 'acct_a', { id: 'post_foreign', createdAt: at(6), scheduledTime: at(30) }),
    ]);
    const ids = async (filters: {
      platform?: 'instagram' | 'threads' | null;
      profileId?: string | null;
      scheduledFrom?: Date | null;
      scheduledTo?: Date | null;
      accountIds?: string[] | null;
      limit?: number;
    }) =>
      (
        await store().posts.listPosts({
          ownerId: OWNER,
          statuses: null,
          accountIds: filters.accountIds ?? null,
          limit: filters.limit ?? 50,
          after: null,
          ...filters,
        })
      ).posts.map((p) => p.id);
    expect(await ids({ platform: 'threads' })).toEqual(['post_multi', 'post_th']);
    expect(await ids({ platform: 'instagram' })).toEqual(['post_edge', 'post_multi', 'post_ig']);
    expect(await ids({ profileId: 'acct_t' })).toEqual(['post_multi', 'post_th']);
    expect(await ids({ profileId: 'acct_missing' })).toEqual([]);
    // [from, to): a post at `to` is out, one without a time is out once a bound is given.
    expect(await ids({ scheduledFrom: at(30), scheduledTo: at(90) })).toEqual(['post_th', 'post_ig']);
    expect(await ids({ scheduledFrom: at(60) })).toEqual(['post_edge', 'post_th']);
    expect(await ids({ scheduledTo: at(60) })).toEqual(['post_ig']);
    expect(await ids({ platform: 'instagram', scheduledFrom: at(0), profileId: 'acct_a' })).toEqual([
      'post_edge',
      'post_ig',
    ]);
    expect(await ids({ profileId: 'acct_t', accountIds: ['acct_t'] })).toEqual(['post_th']);
    // Filtered pages still end where the matches end.
    const page = await store().posts.listPosts({
      ownerId: OWNER,
      statuses: null,
      accountIds: null,
      platform: 'instagram',
      limit: 2,
      after: null,
    });
    expect(page.posts.map((p) => p.id)).toEqual(['post_edge', 'post_multi']);
    const rest = await store().posts.listPosts({
      ownerId: OWNER,
      statuses: null,
      accountIds: null,
      platform: 'instagram',
      limit: 2,
      after: page.next,
    });
    expect(rest.posts.map((p) => p.id)).toEqual(['post_ig']);
    expect(rest.next).toBeNull();
  });

  it('filters by text in the caption or title, ignoring case, taking wildcards literally, with the other filters and pages', async () => {
    await seed(store(), [
      aPost(OWNER, 'acct_a', { id: 'post_t1', createdAt: at(1), caption: 'Spring SALE starts Monday' }),
      aPost(OWNER, 'acct_a', {
        id: 'post_t2',
        createdAt: at(2),
        caption: 'Nothing here',
        title: 'The big Sale',
      }),
      aPost(OWNER, 'acct_a', {
        id: 'post_t3',
        createdAt: at(3),
        status: 'draft',
        caption: '50% off everything',
        dueAt: null,
      }),
      aPost(OWNER, 'acct_a', { id: 'post_t4', createdAt: at(4), caption: '500 off on sales_day' }),
      aPost(OWNER, 'acct_a', { id: 'post_t5', createdAt: at(5), caption: 'Saved in C:\\sale\\2026' }),
      aPost(OWNER, 'acct_a', { id: 'post_t6', createdAt: at(6), caption: 'salesXday, no underscore' }),
      aPost(OWNER, 'acct_a', {
        id: 'post_t7',
        createdAt: at(7),
        caption: 'A sale, deleted',
        deletedAt: at(8),
      }),
      aPost('user_other', 'acct_z', { id: 'post_tz', createdAt: at(9), caption: 'Their sale' }),
    ]);
    const ids = async (text: string, more: { statuses?: Post['status'][]; accountIds?: string[] } = {}) =>
      (
        await store().posts.listPosts({
          ownerId: OWNER,
          statuses: (more.statuses ?? null) as never,
          accountIds: more.accountIds ?? null,
          text,
          limit: 50,
          after: null,
        })
      ).posts.map((p) => p.id);
    const sales = ['post_t6', 'post_t5', 'post_t4', 'post_t2', 'post_t1'];
    expect(await ids('sale')).toEqual(sales);
    expect(await ids('SaLe')).toEqual(sales);
    expect(await ids('big sale')).toEqual(['post_t2']);
    expect(await ids('nowhere')).toEqual([]);
    // `%`, `_` and `\` are characters like any other, not wildcards or escapes.
    expect(await ids('50%')).toEqual(['post_t3']);
    expect(await ids('%')).toEqual(['post_t3']);
    expect(await ids('s_day')).toEqual(['post_t4']);
    expect(await ids('_')).toEqual(['post_t4']);
    expect(await ids('\\sale\\')).toEqual(['post_t5']);
    expect(await ids('\\')).toEqual(['post_t5']);
    // With the other filters.
    expect(await ids('off', { statuses: ['draft'] })).toEqual(['post_t3']);
    expect(await ids('off', { statuses: ['scheduled'] })).toEqual(['post_t4']);
    expect(await ids('sale', { statuses: ['draft'] })).toEqual([]);
    expect(await ids('sale', { accountIds: ['acct_b'] })).toEqual([]);
    const page = (after: PostPage['next']) =>
      store().posts.listPosts({
        ownerId: OWNER,
        statuses: ['scheduled'],
        accountIds: null,
        text: 'SALE',
        limit: 2,
        after,
      });
    const first = await page(null);
    expect(first.posts.map((p) => p.id)).toEqual(['post_t6', 'post_t5']);
    const second = await page(first.next);
    expect(second.posts.map((p) => p.id)).toEqual(['post_t4', 'post_t2']);
    const last = await page(second.next);
    expect(last.posts.map((p) => p.id)).toEqual(['post_t1']);
    expect(last.next).toBeNull();
  });
}

import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { contentHashOf, type Post } from '../posts/index.js';
import { describeApprovalStoreContract } from './approval-store-contract.js';
import { aPost } from './builders.js';
import { describePostListContract } from './post-list-contract.js';
import { at, OWNER, seed, T0 } from './post-query-contract-support.js';

/** The post-list and approval part of the store contract; `store()` is the test's fresh store. */
export function describePostQueryContract(store: () => Store): void {
  describe('post lists', () => {
    it('lists the posts of a time range soonest first, any status, deleted ones left out', async () => {
      await seed(store(), [
        aPost(OWNER, 'acct_a', { id: 'post_c1', status: 'posted', scheduledTime: at(60) }),
        aPost(OWNER, 'acct_a', { id: 'post_c2', status: 'scheduled', scheduledTime: at(30) }),
        aPost(OWNER, 'acct_a', { id: 'post_c3', status: 'draft', scheduledTime: at(30) }),
        aPost(OWNER, 'acct_a', { id: 'post_c4', status: 'scheduled', scheduledTime: at(120) }),
        aPost(OWNER, 'acct_a', {
          id: 'post_c5',
          status: 'scheduled',
          scheduledTime: at(45),
          deletedAt: at(1),
        }),
        aPost(OWNER, 'acct_a', { id: 'post_c6', status: 'draft', scheduledTime: null }),
        aPost('user_other', 'acct_z', { id: 'post_cz', scheduledTime: at(45) }),
      ]);
      const ids = async (from: number, to: number, limit = 10) =>
        (await store().posts.postsScheduledBetween(OWNER, at(from), at(to), limit)).map((p) => p.id);
      expect(await ids(30, 120)).toEqual(['post_c2', 'post_c3', 'post_c1']);
      expect(await ids(0, 1000, 2)).toEqual(['post_c2', 'post_c3']);
    });

    it('lists the restorable deleted posts, most recently deleted first, at most the limit', async () => {
      await seed(store(), [
        aPost(OWNER, 'acct_a', { id: 'post_d1', deletedAt: at(10) }),
        aPost(OWNER, 'acct_a', { id: 'post_d2', deletedAt: at(30) }),
        aPost(OWNER, 'acct_a', { id: 'post_d3', deletedAt: at(20) }),
        aPost(OWNER, 'acct_a', { id: 'post_d4', deletedAt: at(5) }),
        aPost(OWNER, 'acct_a', { id: 'post_live' }),
        aPost('user_other', 'acct_z', { id: 'post_dz', deletedAt: at(30) }),
      ]);
      const ids = async (after: Date, limit: number) =>
        (await store().posts.listDeletedPosts(OWNER, after, limit)).map((p) => p.id);
      expect(await ids(at(5), 10)).toEqual(['post_d2', 'post_d3', 'post_d1']);
      expect(await ids(at(0), 2)).toEqual(['post_d2', 'post_d3']);
      const [first] = await store().posts.listDeletedPosts(OWNER, at(0), 1);
      expect(first?.deletedAt).toEqual(at(30));
    });

    describePostListContract(store);

    it('counts posts by public status, every status present, deleted ones left out', async () => {
      await seed(store(), [
        aPost(OWNER, 'acct_a', { id: 'post_1' }),
        aPost(OWNER, 'acct_b', { id: 'post_2', status: 'publishing', leaseOwner: 'x' }),
        aPost(OWNER, 'acct_a', { id: 'post_3', status: 'posted' }),
        aPost(OWNER, 'acct_a', { id: 'post_4', deletedAt: at(1) }),
        aPost('user_other', 'acct_a', { id: 'post_5' }),
      ]);
      expect(await store().posts.countPostsByStatus(OWNER, null)).toEqual({
        draft: 0,
        pending_approval: 0,
        scheduled: 2,
        posted: 1,
        failed: 0,
      });
      expect((await store().posts.countPostsByStatus(OWNER, ['acct_a'])).scheduled).toBe(1);
    });

    it('lists upcoming posts soonest first after a time', async () => {
      await seed(store(), [
        aPost(OWNER, 'acct_a', { id: 'post_late', scheduledTime: at(90) }),
        aPost(OWNER, 'acct_b', { id: 'post_soon', scheduledTime: at(30) }),
        aPost(OWNER, 'acct_a', { id: 'post_past', scheduledTime: at(-5) }),
        aPost(OWNER, 'acct_a', { id: 'post_gone', scheduledTime: at(40), deletedAt: at(1) }),
        aPost(OWNER, 'acct_a', { id: 'post_sent', scheduledTime: at(50), status: 'posted' }),
        aPost(OWNER, 'acct_a', { id: 'post_lease', scheduledTime: at(60), status: 'publishing' }),
      ]);
      const ids = async (accountIds: string[] | null, limit: number) =>
        (await store().posts.upcomingPosts(OWNER, accountIds, T0, limit)).map((p) => p.id);
      expect(await ids(null, 10)).toEqual(['post_soon', 'post_lease', 'post_late']);
      expect(await ids(null, 2)).toEqual(['post_soon', 'post_lease']);
      expect(await ids(['acct_a'], 10)).toEqual(['post_lease', 'post_late']);
    });

    it('reads the posts of one content that go or went out within a time range', async () => {
      const same = { caption: 'Same words', profileIds: ['acct_a'] };
      await seed(store(), [
        aPost(OWNER, 'acct_a', { ...same, id: 'post_in', scheduledTime: at(30) }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_edge', scheduledTime: at(-60) }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_sent', scheduledTime: at(10), status: 'posted' }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_lease', scheduledTime: at(20), status: 'publishing' }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_failed', scheduledTime: at(5), status: 'failed' }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_draft', scheduledTime: at(5), status: 'draft' }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_gone', scheduledTime: at(5), deletedAt: at(1) }),
        aPost(OWNER, 'acct_a', { ...same, id: 'post_later', scheduledTime: at(61) }),
        aPost(OWNER, 'acct_a', {
          ...same,
          id: 'post_other_words',
          caption: 'Other words',
          scheduledTime: at(5),
        }),
        aPost(OWNER, 'acct_b', {
          ...same,
          id: 'post_other_account',
          profileIds: ['acct_b'],
          scheduledTime: at(5),
        }),
        aPost('user_other', 'acct_a', { ...same, id: 'post_other_owner', scheduledTime: at(5) }),
      ]);
      const contentHash = contentHashOf(aPost(OWNER, 'acct_a', same));
      const ids = async () =>
        (
          await store().posts.postsWithContentBetween({
            ownerId: OWNER,
            contentHash,
            from: at(-60),
            to: at(60),
          })
        )
          .map((p) => p.id)
          .sort();
      expect(await ids()).toEqual(['post_edge', 'post_in', 'post_lease', 'post_sent']);
      // The hash follows an edit: the row is found under its new content only.
      const edited = (await store().posts.getPost('post_in')) as Post;
      await store().posts.updatePost({ ...edited, caption: 'Edited' }, edited.version);
      expect(await ids()).toEqual(['post_edge', 'post_lease', 'post_sent']);
    });

    it('refuses, inside the insert, a row that repeats a post of its account; of two at once, one lands', async () => {
      const batch = (post: Post, refuseRepeats: boolean) => ({
        ownerId: OWNER,
        at: T0,
        posts: [post],
        idempotency: null,
        quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: T0 },
        refuseRepeats,
      });
      const earlier = aPost(OWNER, 'acct_a', { id: 'post_first', caption: 'Hello', scheduledTime: at(60) });
      await seed(store(), [earlier]);
      const used = await store().posts.quotaUsed(OWNER, T0);
      const again = aPost(OWNER, 'acct_a', { id: 'post_again', caption: ' hello ', scheduledTime: at(120) });
      expect(await store().posts.insertPosts(batch(again, true))).toEqual({
        kind: 'duplicate_content',
        post: again,
        earlier,
      });
      expect(await store().posts.getPost('post_again')).toBeNull();
      expect(await store().posts.quotaUsed(OWNER, T0)).toBe(used);
      expect((await store().posts.insertPosts(batch(again, false))).kind).toBe('inserted');

      const twins = ['post_twin_1', 'post_twin_2'].map((id) =>
        aPost(OWNER, 'acct_b', { id, caption: 'Twins', scheduledTime: at(60) }),
      );
      const outcomes = await Promise.all(twins.map((twin) => store().posts.insertPosts(batch(twin, true))));
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['duplicate_content', 'inserted']);
    });

    it('never hands a soft-deleted post to the publisher', async () => {
      await seed(store(), [aPost(OWNER, 'acct_a', { id: 'post_del', dueAt: at(-1), deletedAt: at(-1) })]);
      const claimed = await store().posts.claimDuePosts({
        now: T0,
        limit: 10,
        leaseOwner: 'p',
        leaseUntil: at(5),
      });
      expect(claimed).toEqual([]);
    });
  });

  describeApprovalStoreContract(store);
}

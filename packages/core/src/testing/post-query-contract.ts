import { describe, expect, it } from 'vitest';
import type { Approval } from '../approvals/index.js';
import type { Store } from '../deps/index.js';
import { contentHashOf, type Post, type PostPage, postEvent, scheduledEvents } from '../posts/index.js';
import { aPost } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const OWNER = 'user_01JPOSTQUERYOWNER000000000';

/** Stores posts as they are (any status), outside the quota. */
async function seed(store: Store, posts: Post[]): Promise<void> {
  await store.posts.insertPosts({
    ownerId: OWNER,
    at: T0,
    posts,
    idempotency: null,
    quota: { limit: Number.MAX_SAFE_INTEGER, windowStart: T0 },
  });
}

/** An approval awaiting review; override any field. */
function anApproval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: 'appr_01JAPPROVAL0000000000000001',
    postId: 'post_01JAPPROVED00000000000000001',
    ownerId: OWNER,
    status: 'pending',
    requestNote: 'launch copy',
    reviewerNote: null,
    requestedAt: T0,
    decidedAt: null,
    requestedBy: 'key_1',
    ...overrides,
  };
}

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
      expect(await ids(null, ['acct_a', 'acct_b'])).toEqual([
        'post_m',
        'post_f',
        'post_d',
        'post_p',
        'post_s',
      ]);
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

  describe('approvals', () => {
    it('round-trips an approval and finds the latest of a post', async () => {
      const first = anApproval({ id: 'appr_1', requestedAt: at(1) });
      const later = anApproval({ id: 'appr_2', requestedAt: at(2), requestNote: null });
      await store().approvals.insertApproval(later);
      await store().approvals.insertApproval(first);
      expect(await store().approvals.getApproval('appr_1')).toEqual(first);
      expect(await store().approvals.getLatestForPost(first.postId)).toEqual(later);
      expect(await store().approvals.getApproval('appr_missing')).toBeNull();
      expect(await store().approvals.getLatestForPost('post_missing')).toBeNull();
      await expect(store().approvals.insertApproval(first)).rejects.toThrow();
    });

    it('is decided once, however many reviewers race for it', async () => {
      await store().approvals.insertApproval(anApproval());
      const decided = await Promise.all([
        store().approvals.decideApproval('appr_01JAPPROVAL0000000000000001', {
          status: 'approved',
          reviewerNote: 'ok',
          decidedAt: at(1),
        }),
        store().approvals.decideApproval('appr_01JAPPROVAL0000000000000001', {
          status: 'rejected',
          reviewerNote: 'no',
          decidedAt: at(1),
        }),
      ]);
      expect(decided.filter((d) => d !== null)).toHaveLength(1);
      const stored = await store().approvals.getApproval('appr_01JAPPROVAL0000000000000001');
      expect(stored).toEqual(decided.find((d) => d !== null));
      expect(stored?.decidedAt).toEqual(at(1));
      expect(
        await store().approvals.decideApproval('appr_missing', {
          status: 'approved',
          reviewerNote: null,
          decidedAt: T0,
        }),
      ).toBeNull();
    });

    describe('approving a draft in one transaction', () => {
      const APPROVAL = 'appr_01JAPPROVAL0000000000000001';
      const DRAFT = 'post_01JAPPROVED00000000000000001';
      const decision = { status: 'approved' as const, reviewerNote: 'go', decidedAt: at(3) };
      const setUp = async () => {
        const draft = aPost(OWNER, 'acct_a', {
          id: DRAFT,
          status: 'pending_approval',
          profileIds: ['acct_a', 'acct_b'],
          scheduledTime: at(60),
          dueAt: null,
        });
        await seed(store(), [draft]);
        await store().approvals.insertApproval(anApproval());
        const stored = (await store().posts.getPost(DRAFT)) as Post;
        const scheduled: Post = { ...stored, status: 'scheduled', profileIds: ['acct_a'], dueAt: at(60) };
        const sibling = aPost(OWNER, 'acct_b', { id: 'post_sibling', scheduledTime: at(60) });
        return { stored, scheduled, sibling };
      };
      const batch = (scheduled: Post, sibling: Post, version: number, limit = 100) => ({
        ownerId: OWNER,
        draft: scheduled,
        expectedVersion: version,
        siblings: [sibling],
        approvalId: APPROVAL,
        decision,
        quota: { limit, windowStart: T0 },
        events: [
          postEvent('post.approved', scheduled, at(3)),
          ...scheduledEvents([scheduled, sibling], at(3)),
        ],
      });
      const journalLength = async () => (await store().events.listEvents(null, 1000)).length;

      it('rewrites the draft, inserts the other rows within the quota and decides the approval', async () => {
        const { stored, scheduled, sibling } = await setUp();
        const used = await store().posts.quotaUsed(OWNER, T0);
        const events = await journalLength();
        const outcome = await store().posts.approveDraft(batch(scheduled, sibling, stored.version));
        expect(await journalLength()).toBe(events + 3);
        expect(outcome).toEqual({
          kind: 'approved',
          post: { ...scheduled, version: stored.version + 1 },
          siblings: [sibling],
          approval: { ...anApproval(), ...decision },
        });
        expect(await store().posts.getPost(DRAFT)).toEqual({ ...scheduled, version: stored.version + 1 });
        expect(await store().posts.getPost('post_sibling')).toEqual(sibling);
        expect(await store().posts.quotaUsed(OWNER, T0)).toBe(used + 1);
        expect((await store().approvals.getApproval(APPROVAL))?.status).toBe('approved');
      });

      it('writes nothing when the draft changed, the approval was decided, or the quota is full', async () => {
        const { stored, scheduled, sibling } = await setUp();
        const used = await store().posts.quotaUsed(OWNER, T0);
        const events = await journalLength();
        expect(await store().posts.approveDraft(batch(scheduled, sibling, stored.version + 1))).toEqual({
          kind: 'conflict',
        });
        expect(await store().posts.approveDraft(batch(scheduled, sibling, stored.version, used))).toEqual({
          kind: 'quota_exceeded',
          used,
          limit: used,
        });
        await store().approvals.decideApproval(APPROVAL, { ...decision, status: 'rejected' });
        expect(await store().posts.approveDraft(batch(scheduled, sibling, stored.version))).toEqual({
          kind: 'conflict',
        });
        // The draft's write was rolled back with the lost approval.
        expect(await store().posts.getPost(DRAFT)).toEqual(stored);
        expect(await store().posts.getPost('post_sibling')).toBeNull();
        expect(await store().posts.quotaUsed(OWNER, T0)).toBe(used);
        expect(await journalLength()).toBe(events);
      });
    });
  });
}

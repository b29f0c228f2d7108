import { describe, expect, it } from 'vitest';
import type { Approval } from '../approvals/index.js';
import type { Store } from '../deps/index.js';
import { type Post, postEvent, scheduledEvents } from '../posts/index.js';
import { describeApprovalStepsContract } from './approval-steps-contract.js';
import { aPost } from './builders.js';
import { at, OWNER, seed, T0 } from './post-query-contract-support.js';

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

/** The approval part of the store contract, approving drafts included; `store()` is the fresh store. */
export function describeApprovalStoreContract(store: () => Store): void {
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
  describeApprovalStepsContract(store);
}

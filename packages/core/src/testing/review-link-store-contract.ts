import { describe, expect, it } from 'vitest';
import type { ReviewLink, ReviewLinkDecision } from '../approvals/index.js';
import type { Store } from '../deps/index.js';
import type { DomainEvent } from '../journal/index.js';
import { at } from './store-contract-support.js';

const aLink = (overrides: Partial<ReviewLink> = {}): ReviewLink => ({
  id: 'rev_01JD0000000000000000000001',
  ownerId: 'user_ann',
  postIds: ['post_b', 'post_a'],
  label: 'Acme, week 12',
  tokenHash: 'hash-of-secret',
  createdBy: 'key_1',
  createdAt: at(1),
  expiresAt: at(60 * 24 * 7),
  revokedAt: null,
  ...overrides,
});

const aDecision = (overrides: Partial<ReviewLinkDecision> = {}): ReviewLinkDecision => ({
  linkId: 'rev_01JD0000000000000000000001',
  postId: 'post_a',
  approved: false,
  note: 'Not this photo',
  reviewerName: 'Cleo',
  decidedAt: at(5),
  ...overrides,
});

const decidedEvent = (postId: string): DomainEvent => ({
  type: 'review_link.decided',
  at: at(5),
  ownerId: 'user_ann',
  subjectId: postId,
  data: { linkId: 'rev_01JD0000000000000000000001', decision: 'rejected', reviewer: 'Cleo' },
});

/** The review-link part of the store contract; `store()` is the test's fresh store. */
export function describeReviewLinkStoreContract(store: () => Store): void {
  describe('review links', () => {
    it('stores a link as given, posts in their order, and lists an owner’s newest first', async () => {
      const first = aLink();
      const second = aLink({ id: 'rev_01JD0000000000000000000002', label: null, postIds: ['post_c'] });
      const other = aLink({ id: 'rev_01JD0000000000000000000003', ownerId: 'user_bob' });
      for (const link of [first, second, other]) await store().reviewLinks.insertReviewLink(link);
      expect(await store().reviewLinks.getReviewLink(first.id)).toEqual(first);
      expect(await store().reviewLinks.getReviewLink('rev_missing')).toBeNull();
      expect(await store().reviewLinks.listReviewLinks('user_ann')).toEqual([second, first]);
      expect(await store().reviewLinks.listReviewLinks('user_cid')).toEqual([]);
      await expect(store().reviewLinks.insertReviewLink(first)).rejects.toThrow();
    });

    it("revokes only the owner's link, keeping the first revocation time", async () => {
      await store().reviewLinks.insertReviewLink(aLink());
      expect(await store().reviewLinks.revokeReviewLink('user_bob', aLink().id, at(3))).toBeNull();
      expect(await store().reviewLinks.revokeReviewLink('user_ann', 'rev_missing', at(3))).toBeNull();
      const revoked = await store().reviewLinks.revokeReviewLink('user_ann', aLink().id, at(3));
      expect(revoked).toEqual(aLink({ revokedAt: at(3) }));
      expect(await store().reviewLinks.revokeReviewLink('user_ann', aLink().id, at(9))).toEqual(revoked);
      expect(await store().reviewLinks.getReviewLink(aLink().id)).toEqual(revoked);
    });

    it('records each post’s decision once per link, with its journal event', async () => {
      await store().reviewLinks.insertReviewLink(aLink());
      expect(await store().reviewLinks.recordReviewDecision(aDecision(), [decidedEvent('post_a')])).toBe(
        true,
      );
      const again = aDecision({ approved: true, note: null });
      expect(await store().reviewLinks.recordReviewDecision(again, [decidedEvent('post_a')])).toBe(false);
      const second = aDecision({
        postId: 'post_b',
        approved: true,
        note: null,
        reviewerName: null,
        decidedAt: at(6),
      });
      expect(await store().reviewLinks.recordReviewDecision(second, [decidedEvent('post_b')])).toBe(true);
      expect(await store().reviewLinks.reviewDecisions(aLink().id)).toEqual([aDecision(), second]);
      expect(await store().reviewLinks.reviewDecisions('rev_other')).toEqual([]);
      const events = await store().events.listEvents(null, 10);
      expect(events.map((e) => [e.type, e.subjectId])).toEqual([
        ['review_link.decided', 'post_a'],
        ['review_link.decided', 'post_b'],
      ]);
      await store().reviewLinks.recordReviewEvents([
        {
          type: 'review_link.opened',
          at: at(7),
          ownerId: 'user_ann',
          subjectId: aLink().id,
          data: { posts: 2 },
        },
      ]);
      const recent = await store().events.recentEventsOf('user_ann', 1);
      expect(recent.map((e) => [e.type, e.subjectId, e.data])).toEqual([
        ['review_link.opened', aLink().id, { posts: 2 }],
      ]);
    });
  });
}

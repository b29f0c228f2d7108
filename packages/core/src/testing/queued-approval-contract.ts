import { describe, expect, it } from 'vitest';
import type { ApprovedDraftBatch } from '../approvals/index.js';
import type { Store } from '../deps/index.js';
import { type Post, postEvent, type QueueRequest, scheduledEvents } from '../posts/index.js';
import { type PostingSchedule, WEEKDAYS } from '../queue/index.js';
import { aPost, aUser } from './builders.js';
import { batch, T0 } from './store-contract-support.js';

// T0 is Thursday 2026-01-15 12:00 UTC; every day has a slot at 09:00 and 17:00 UTC.
const DAILY: PostingSchedule = {
  timeZone: 'UTC',
  slots: WEEKDAYS.flatMap((day) => [
    { day, time: '09:00' },
    { day, time: '17:00' },
  ]),
};
const utc = (text: string) => new Date(`${text}:00.000Z`);
const queueOf = (accountIds: readonly string[], schedule = DAILY): QueueRequest => ({
  after: T0,
  accounts: accountIds.map((accountId) => ({ accountId, schedule, dailyCap: null })),
});
const DECISION = { status: 'approved' as const, reviewerNote: null, decidedAt: T0 };

/**
 * Approving a queued draft (docs/queue.md, "Queued drafts"), part of the store contract: the rows
 * take their accounts' next free slots inside the approval's transaction, under the owner's lock.
 */
export function describeQueuedApprovalContract(store: () => Store): void {
  describe('approving a draft into the queue', () => {
    let serial = 0;
    /** A pending draft for `accounts` of `owner` with its approval, stored; and its approval batch. */
    const pendingDraft = async (
      owner: string,
      accounts: readonly string[],
      caption = `Draft ${++serial}`,
    ) => {
      const draft = aPost(owner, accounts[0] ?? '', {
        status: 'pending_approval',
        caption,
        profileIds: [...accounts],
        scheduledTime: null,
        dueAt: null,
        queued: true,
      });
      await store().posts.insertPosts(batch(owner, [draft]));
      const approvalId = `appr_queued_${serial}`;
      await store().approvals.insertApproval({
        id: approvalId,
        postId: draft.id,
        ownerId: owner,
        status: 'pending',
        requestNote: null,
        reviewerNote: null,
        requestedAt: T0,
        decidedAt: null,
        requestedBy: 'key_1',
      });
      const stored = (await store().posts.getPost(draft.id)) as Post;
      // As decideApproval hands them over: rows at a placeholder time, the slots still to take.
      const placeholder = utc('2026-01-15T12:01');
      const rowFor = (account: string): Post => ({
        ...stored,
        status: 'scheduled',
        profileIds: [account],
        scheduledTime: placeholder,
        dueAt: placeholder,
        queued: false,
      });
      const [first, ...others] = accounts.map(rowFor) as [Post, ...Post[]];
      const siblings = others.map((row, i) => ({ ...row, id: `${draft.id}_${i + 1}`, version: 0 }));
      const approve: ApprovedDraftBatch = {
        ownerId: owner,
        draft: first,
        expectedVersion: stored.version,
        siblings,
        approvalId,
        decision: DECISION,
        quota: { limit: 1000, windowStart: T0 },
        events: [postEvent('post.approved', first, T0), ...scheduledEvents([first, ...siblings], T0)],
        queue: queueOf(accounts),
      };
      return { draft: stored, approve };
    };

    it('puts each row on its account next free slot, and the journal says the slot', async () => {
      const owner = aUser().id;
      await store().posts.insertPosts(
        batch(owner, [aPost(owner, 'acct_a', { scheduledTime: utc('2026-01-15T17:00') })]),
      );
      const { draft, approve } = await pendingDraft(owner, ['acct_a', 'acct_b']);
      const outcome = await store().posts.approveDraft(approve);
      expect(outcome.kind).toBe('approved');
      const rows = outcome.kind === 'approved' ? [outcome.post, ...outcome.siblings] : [];
      // acct_a's 17:00 is taken; acct_b has nothing yet.
      expect(
        rows.map((p) => [p.profileIds[0], p.scheduledTime?.toISOString(), p.dueAt?.toISOString()]),
      ).toEqual([
        ['acct_a', '2026-01-16T09:00:00.000Z', '2026-01-16T09:00:00.000Z'],
        ['acct_b', '2026-01-15T17:00:00.000Z', '2026-01-15T17:00:00.000Z'],
      ]);
      expect(await store().posts.getPost(draft.id)).toMatchObject({
        status: 'scheduled',
        queued: false,
        scheduledTime: utc('2026-01-16T09:00'),
      });
      const history = await store().events.historyOf(owner, draft.id, 10);
      expect(history.map((e) => [e.type, e.data.scheduledTime ?? null]).slice(-2)).toEqual([
        ['post.approved', null],
        ['post.scheduled', '2026-01-16T09:00:00.000Z'],
      ]);
      const sibling = await store().events.historyOf(owner, rows[1]?.id ?? '', 10);
      expect(sibling.map((e) => [e.type, e.data.scheduledTime])).toEqual([
        ['post.scheduled', '2026-01-15T17:00:00.000Z'],
      ]);
    });

    it('writes nothing, and leaves the approval pending, when an account has no free slot', async () => {
      const owner = aUser().id;
      const { draft, approve } = await pendingDraft(owner, ['acct_a', 'acct_b']);
      const none: QueueRequest = {
        after: T0,
        accounts: [
          { accountId: 'acct_a', schedule: DAILY, dailyCap: null },
          { accountId: 'acct_b', schedule: { timeZone: 'UTC', slots: [] }, dailyCap: null },
        ],
      };
      const events = (await store().events.listEvents(null, 1000)).length;
      expect(await store().posts.approveDraft({ ...approve, queue: none })).toMatchObject({
        kind: 'no_free_slot',
        error: { code: 'no_free_slot', details: { profileId: 'acct_b' } },
      });
      expect(await store().posts.getPost(draft.id)).toEqual(draft);
      expect(await store().posts.getPost(approve.siblings[0]?.id ?? '')).toBeNull();
      expect((await store().approvals.getApproval(approve.approvalId))?.status).toBe('pending');
      expect((await store().events.listEvents(null, 1000)).length).toBe(events);
    });

    it('refuses a row that repeats a post of its account within 48 hours of the slot it would take', async () => {
      const owner = aUser().id;
      const { draft, approve } = await pendingDraft(owner, ['acct_a'], 'Same words');
      await store().posts.insertPosts(
        batch(owner, [
          aPost(owner, 'acct_a', { caption: 'Same words', scheduledTime: utc('2026-01-17T09:00') }),
        ]),
      );
      expect(await store().posts.approveDraft(approve)).toMatchObject({
        kind: 'duplicate_content',
        post: { id: draft.id, scheduledTime: utc('2026-01-15T17:00') },
      });
      expect(await store().posts.getPost(draft.id)).toEqual(draft);
    });

    it('gives two approvals and a queued insert sent at once three distinct slots', async () => {
      const owner = aUser().id;
      const first = await pendingDraft(owner, ['acct_a']);
      const second = await pendingDraft(owner, ['acct_a']);
      const created = aPost(owner, 'acct_a');
      const [a, b, c] = await Promise.all([
        store().posts.approveDraft(first.approve),
        store().posts.approveDraft(second.approve),
        store().posts.insertPosts(batch(owner, [created], { queue: queueOf(['acct_a']) })),
      ]);
      const times = [
        a.kind === 'approved' ? a.post.scheduledTime : null,
        b.kind === 'approved' ? b.post.scheduledTime : null,
        c.kind === 'inserted' ? c.posts[0]?.scheduledTime : null,
      ].map((t) => t?.toISOString() ?? null);
      expect([...times].sort()).toEqual([
        '2026-01-15T17:00:00.000Z',
        '2026-01-16T09:00:00.000Z',
        '2026-01-16T17:00:00.000Z',
      ]);
    });
  });
}

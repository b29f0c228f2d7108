import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import { transition } from '../../posts/index.js';
import type { PostingSchedule } from '../../queue/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createDraft } from './create-draft.js';
import { decideApproval } from './decide-approval.js';
import { getApprovalStatus } from './get-approval-status.js';
import { requestApproval } from './request-approval.js';
import { reviewApproval } from './review-approval.js';

// The clock starts on Thursday 2026-01-15 12:00 UTC.
const WEEKDAY_MORNINGS: PostingSchedule = {
  timeZone: 'UTC',
  slots: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, time: '09:00' })),
};

describe('queued drafts', () => {
  let t: TestDeps;
  const owner = aUser();
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  const actor = (): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:draft', 'approval:request', 'post:read', 'post:write'],
    accountIds: null,
  });
  const slots = (account: ConnectedAccount, schedule = WEEKDAY_MORNINGS) =>
    t.store.postingSlots.replacePostingSchedule(account.id, schedule, t.clock.now());
  const queuedDraft = async (profileIds: string[], caption = 'Fresh bread at nine') =>
    (await createDraft(t.deps, actor(), { caption, profileIds, queue: true }))._unsafeUnwrap();
  const asked = async (postId: string) =>
    (await requestApproval(t.deps, actor(), { postId }))._unsafeUnwrap().approvalId;

  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(owner);
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    facebook = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'facebook' }));
  });

  it('saves a draft for the queue without a time, and refuses queue with a time', async () => {
    const draft = await queuedDraft([threads.id]);
    expect(draft).toMatchObject({ status: 'draft', queued: true, scheduledTime: null, dueAt: null });
    expect((await t.store.posts.getPost(draft.id))?.queued).toBe(true);
    const both = (
      await createDraft(t.deps, actor(), {
        caption: 'x',
        queue: true,
        scheduledTime: '2026-02-01T09:00:00Z',
      })
    )._unsafeUnwrapErr();
    expect(both).toMatchObject({ code: 'validation_failed', details: { field: 'queue' } });
    const plain = (await createDraft(t.deps, actor(), { caption: 'y' }))._unsafeUnwrap();
    expect(plain.queued).toBe(false);
  });

  it('is not sent for review while a target account has no slots', async () => {
    await slots(threads);
    const draft = await queuedDraft([threads.id, facebook.id]);
    const refused = (await requestApproval(t.deps, actor(), { postId: draft.id }))._unsafeUnwrapErr();
    expect(refused).toMatchObject({ code: 'no_posting_slots', details: { profileIds: [facebook.id] } });
    expect((await t.store.posts.getPost(draft.id))?.status).toBe('draft');
  });

  it('approved, each row takes its account next free slot, and the answer, journal and wake-up say so', async () => {
    await slots(threads);
    await slots(facebook);
    // Friday 09:00 is already taken on Threads by an earlier queued draft.
    const earlier = await queuedDraft([threads.id], 'Earlier');
    (await decideApproval(t.deps, { id: await asked(earlier.id), approve: true }))._unsafeUnwrap();
    const draft = await queuedDraft([threads.id, facebook.id]);
    const decided = (
      await decideApproval(t.deps, { id: await asked(draft.id), approve: true })
    )._unsafeUnwrap();
    expect(
      decided.scheduledPosts.map((p) => [p.profileIds[0], p.scheduledTime?.toISOString(), p.queued]),
    ).toEqual([
      [threads.id, '2026-01-19T09:00:00.000Z', false],
      [facebook.id, '2026-01-16T09:00:00.000Z', false],
    ]);
    expect(decided.post).toMatchObject({
      id: draft.id,
      status: 'scheduled',
      dueAt: decided.post.scheduledTime,
    });
    const history = await t.store.events.historyOf(owner.id, draft.id, 20);
    expect(history.filter((e) => e.type === 'post.scheduled').map((e) => e.data.scheduledTime)).toEqual([
      '2026-01-19T09:00:00.000Z',
    ]);
    // The publisher is told of the earliest slot, not of a placeholder time.
    expect(t.publisher.dueCalls.at(-1)).toEqual(new Date('2026-01-16T09:00:00.000Z'));
  });

  it('refuses the approval with no_posting_slots when the slots were removed meanwhile, leaving it pending', async () => {
    await slots(threads);
    const draft = await queuedDraft([threads.id]);
    const approvalId = await asked(draft.id);
    await slots(threads, { timeZone: 'UTC', slots: [] });
    const refused = (await decideApproval(t.deps, { id: approvalId, approve: true }))._unsafeUnwrapErr();
    expect(refused.code).toBe('no_posting_slots');
    expect(await t.store.posts.getPost(draft.id)).toMatchObject({
      status: 'pending_approval',
      queued: true,
    });
    expect((await getApprovalStatus(t.deps, actor(), draft.id))._unsafeUnwrap().status).toBe(
      'awaiting_review',
    );
  });

  it('a reviewer may approve a draft with its own time into the queue instead', async () => {
    await slots(threads);
    const draft = (
      await createDraft(t.deps, actor(), {
        caption: 'Timed',
        profileIds: [threads.id],
        scheduledTime: '2026-03-01T10:00:00Z',
      })
    )._unsafeUnwrap();
    await asked(draft.id);
    const decided = (
      await reviewApproval(t.deps, actor(), { postId: draft.id, approve: true, note: null, queue: true })
    )._unsafeUnwrap();
    expect(decided.post.scheduledTime).toEqual(new Date('2026-01-16T09:00:00.000Z'));
  });

  it('giving a queued draft a time takes it out of the queue', () => {
    const at = new Date('2026-01-15T12:00:00.000Z');
    const draft = aPost(owner.id, threads.id, { status: 'draft', scheduledTime: null, queued: true });
    const timed = transition(draft, {
      type: 'revise',
      at,
      changes: { scheduledTime: new Date('2026-02-01T09:00:00.000Z') },
    });
    expect(timed._unsafeUnwrap().post.queued).toBe(false);
    const reworded = transition(draft, { type: 'revise', at, changes: { caption: 'new words' } });
    expect(reworded._unsafeUnwrap().post.queued).toBe(true);
  });
});

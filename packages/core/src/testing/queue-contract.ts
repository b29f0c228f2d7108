import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { Post, QueueRequest } from '../posts/index.js';
import { type PostingSchedule, WEEKDAYS } from '../queue/index.js';
import { anAccount, aPost, aUser } from './builders.js';
import { describeQueueOrderContract } from './queue-order-contract.js';
import { describeQueuedApprovalContract } from './queued-approval-contract.js';
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
const queueOf = (accountIds: readonly string[], dailyCap: number | null = null): QueueRequest => ({
  after: T0,
  accounts: accountIds.map((accountId) => ({ accountId, schedule: DAILY, dailyCap })),
});
const timesOf = (posts: readonly Post[]) => posts.map((p) => p.scheduledTime?.toISOString());

/** Posting slots and queued batches, part of the store contract; `store()` is the test's fresh store. */
export function describeQueueContract(store: () => Store): void {
  describe('posting slots and the queue', () => {
    it('stores, replaces and reads back an account schedule; null when none was set', async () => {
      const account = await store().accounts.saveAccount(anAccount(aUser().id));
      expect(await store().postingSlots.getPostingSchedule(account.id)).toBeNull();
      await store().postingSlots.replacePostingSchedule(account.id, DAILY, T0);
      expect(await store().postingSlots.getPostingSchedule(account.id)).toEqual(DAILY);
      const paris: PostingSchedule = { timeZone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:30' }] };
      await store().postingSlots.replacePostingSchedule(account.id, paris, T0);
      expect(await store().postingSlots.getPostingSchedule(account.id)).toEqual(paris);
      await store().postingSlots.replacePostingSchedule(account.id, { timeZone: 'UTC', slots: [] }, T0);
      expect(await store().postingSlots.getPostingSchedule(account.id)).toEqual({
        timeZone: 'UTC',
        slots: [],
      });
    });

    it('refuses a schedule for an account that does not exist', async () => {
      await expect(store().postingSlots.replacePostingSchedule('acct_missing', DAILY, T0)).rejects.toThrow();
    });

    it('places queued rows on the next free slots: live posts hold theirs, failed and deleted ones do not, days at the cap are skipped', async () => {
      const owner = aUser().id;
      const other = aUser().id;
      await store().posts.insertPosts(
        batch(owner, [
          aPost(owner, 'acct_a', { scheduledTime: utc('2026-01-15T17:00') }),
          aPost(owner, 'acct_a', { scheduledTime: utc('2026-01-16T09:00'), status: 'failed' }),
          aPost(owner, 'acct_a', { scheduledTime: utc('2026-01-16T17:00'), deletedAt: T0 }),
          aPost(owner, 'acct_b', { scheduledTime: utc('2026-01-17T09:00') }),
          aPost(owner, 'acct_b', { scheduledTime: utc('2026-01-15T08:00'), status: 'posted' }),
        ]),
      );
      // Another owner's post on an account id of the same name takes nothing from this owner.
      await store().posts.insertPosts(
        batch(other, [aPost(other, 'acct_a', { scheduledTime: utc('2026-01-16T09:00') })]),
      );
      const rows = [
        aPost(owner, 'acct_a'),
        aPost(owner, 'acct_b'),
        aPost(owner, 'acct_a'),
        aPost(owner, 'acct_a'),
      ];
      const outcome = await store().posts.insertPosts(
        batch(owner, rows, {
          queue: {
            after: T0,
            accounts: [...queueOf(['acct_a']).accounts, ...queueOf(['acct_b'], 1).accounts],
          },
          events: [],
        }),
      );
      expect(outcome.kind).toBe('inserted');
      const inserted = outcome.kind === 'inserted' ? outcome.posts : [];
      expect(timesOf(inserted)).toEqual([
        '2026-01-16T09:00:00.000Z',
        '2026-01-16T09:00:00.000Z',
        '2026-01-16T17:00:00.000Z',
        '2026-01-17T09:00:00.000Z',
      ]);
      expect(inserted.map((p) => p.dueAt)).toEqual(inserted.map((p) => p.scheduledTime));
      const stored = await store().posts.getPost(rows[3]?.id ?? '');
      expect(stored?.scheduledTime).toEqual(utc('2026-01-17T09:00'));
      // The journal records the placed times, not the ones the rows came with.
      const history = await store().events.historyOf(owner, rows[1]?.id ?? '', 10);
      expect(history.map((e) => [e.type, e.data])).toEqual([
        ['post.scheduled', expect.objectContaining({ scheduledTime: '2026-01-16T09:00:00.000Z' })],
      ]);
    });

    it('answers no_free_slot, writing nothing, when an account has no slot left', async () => {
      const owner = aUser().id;
      const row = aPost(owner, 'acct_a');
      const outcome = await store().posts.insertPosts(
        batch(owner, [row], {
          queue: {
            after: T0,
            accounts: [{ accountId: 'acct_a', schedule: { timeZone: 'UTC', slots: [] }, dailyCap: null }],
          },
        }),
      );
      expect(outcome).toMatchObject({
        kind: 'no_free_slot',
        error: { code: 'no_free_slot', details: { profileId: 'acct_a' } },
      });
      expect(await store().posts.getPost(row.id)).toBeNull();
      expect(await store().posts.quotaUsed(owner, batch(owner, []).quota.windowStart)).toBe(0);
    });

    it('gives 50 queued batches sent at once 50 distinct consecutive slots', async () => {
      const owner = aUser().id;
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () =>
          store().posts.insertPosts(batch(owner, [aPost(owner, 'acct_a')], { queue: queueOf(['acct_a']) })),
        ),
      );
      const times = outcomes
        .flatMap((o) => (o.kind === 'inserted' ? o.posts : []))
        .map((p) => p.scheduledTime?.getTime() ?? 0)
        .sort((a, b) => a - b);
      // Thursday 17:00 first, then two a day for 24 days and a half.
      const expected = Array.from({ length: 50 }, (_, i) => {
        const slot = i + 1; // the 09:00 slot of the 15th has passed
        return Date.UTC(2026, 0, 15 + Math.floor(slot / 2), slot % 2 === 0 ? 9 : 17);
      });
      expect(times).toEqual(expected);
    });
  });
  describeQueueOrderContract(store);
  describeQueuedApprovalContract(store);
}

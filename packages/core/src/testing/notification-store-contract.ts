import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { Notification } from '../notifications/index.js';

const T0 = new Date('2026-11-30T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function aNotification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    dedupKey: `key-${id}`,
    userId: 'usr_ann',
    kind: 'post_failed',
    to: 'ann@example.com',
    subject: 'A post failed to publish',
    text: 'text',
    html: '<p>html</p>',
    unsubscribeUrl: 'https://svc.example/unsubscribe?token=t',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: T0,
    lastError: null,
    createdAt: T0,
    updatedAt: T0,
    sentAt: null,
    ...overrides,
  };
}

/** The NotificationStore's behaviour: preferences, the leased cursor, dedup, claims and leases. */
export function describeNotificationStoreContract(store: () => Store): void {
  describe('notifications', () => {
    it('keeps each person’s choices per kind, and only what was chosen', async () => {
      const s = store().notifications;
      expect(await s.preferencesOf('usr_ann')).toEqual({});
      await s.setPreference('usr_ann', 'post_failed', false, T0);
      await s.setPreference('usr_ann', 'review_requested', true, T0);
      await s.setPreference('usr_ann', 'review_requested', false, at(1));
      expect(await s.preferencesOf('usr_ann')).toEqual({ post_failed: false, review_requested: false });
      const many = await s.preferencesOfMany(['usr_ann', 'usr_bob']);
      expect(many.get('usr_ann')).toEqual({ post_failed: false, review_requested: false });
      expect(many.has('usr_bob')).toBe(false);
    });

    it('leases the fan-out cursor to one worker, moves it only from where it was, and skips taken dedup keys', async () => {
      const s = store().notifications;
      expect(await s.leaseFanOut({ leaseOwner: 'a', now: T0, leaseUntil: at(15_000) })).toEqual({
        position: null,
      });
      expect(await s.leaseFanOut({ leaseOwner: 'b', now: at(1), leaseUntil: at(15_001) })).toBeNull();
      const one = aNotification('ntf_1');
      expect(await s.commitFanOut({ leaseOwner: 'a', from: null, to: '1', notifications: [one] })).toBe(true);
      // A replay from an old position, or by another owner, writes nothing.
      expect(await s.commitFanOut({ leaseOwner: 'a', from: null, to: '1', notifications: [one] })).toBe(
        false,
      );
      expect(await s.commitFanOut({ leaseOwner: 'b', from: '1', to: '2', notifications: [] })).toBe(false);
      // The same event, person and kind under a new id (a step done again) adds no row.
      const again = aNotification('ntf_2', { dedupKey: one.dedupKey });
      expect(await s.commitFanOut({ leaseOwner: 'a', from: '1', to: '2', notifications: [again] })).toBe(
        true,
      );
      expect((await s.listNotifications('usr_ann', 10)).map((n) => n.id)).toEqual(['ntf_1']);
      // Past the lease, another worker takes the cursor over where it was.
      expect(await s.leaseFanOut({ leaseOwner: 'b', now: at(20_000), leaseUntil: at(35_000) })).toEqual({
        position: '2',
      });
    });

    it('lists who chose a kind, in id order and by pages, and stores a digest once whoever enqueues it', async () => {
      const s = store().notifications;
      await s.setPreference('usr_cat', 'daily_digest', true, T0);
      await s.setPreference('usr_ann', 'daily_digest', true, T0);
      await s.setPreference('usr_bob', 'daily_digest', false, T0);
      await s.setPreference('usr_dan', 'post_failed', true, T0);
      expect(await s.peopleWhoChose('daily_digest', null, 10)).toEqual(['usr_ann', 'usr_cat']);
      expect(await s.peopleWhoChose('daily_digest', null, 1)).toEqual(['usr_ann']);
      expect(await s.peopleWhoChose('daily_digest', 'usr_ann', 10)).toEqual(['usr_cat']);
      const key = 'digest:usr_ann:2026-11-30';
      expect([...(await s.takenKeys([key]))]).toEqual([]);
      await s.enqueue([aNotification('ntf_d1', { dedupKey: key, kind: 'daily_digest' })]);
      // A second process made the same digest under another id: nothing more is stored.
      await s.enqueue([
        aNotification('ntf_d2', { dedupKey: key, kind: 'daily_digest' }),
        aNotification('ntf_d3', {
          dedupKey: 'digest:usr_ann:2026-11-29',
          status: 'skipped',
          nextAttemptAt: null,
        }),
      ]);
      const taken = await s.takenKeys([key, 'digest:usr_ann:2026-11-29', 'digest:usr_ann:2026-12-01']);
      expect([...taken].sort()).toEqual(['digest:usr_ann:2026-11-29', key]);
      expect((await s.takenKeys(['digest:usr_ann:2026-12-01'])).size).toBe(0);
      const listed = await s.listNotifications('usr_ann', 10);
      expect(listed.map((n) => [n.id, n.status]).sort()).toEqual([
        ['ntf_d1', 'pending'],
        ['ntf_d3', 'skipped'],
      ]);
      // A skipped digest is never claimed for sending.
      const claimed = await s.claim({ now: at(1), leaseOwner: 'a', leaseUntil: at(60_000), limit: 10 });
      expect(claimed.map((n) => n.id)).toEqual(['ntf_d1']);
    });

    it('starts a new cursor at a position, but never moves one that exists', async () => {
      const s = store().notifications;
      await s.startFanOutAt('5');
      await s.startFanOutAt('9');
      expect(await s.leaseFanOut({ leaseOwner: 'a', now: T0, leaseUntil: at(1) })).toEqual({ position: '5' });
    });

    it('claims each due notification once, counts the attempt, and records its end only under the lease', async () => {
      const s = store().notifications;
      await s.leaseFanOut({ leaseOwner: 'f', now: T0, leaseUntil: at(1000) });
      await s.commitFanOut({
        leaseOwner: 'f',
        from: null,
        to: '1',
        notifications: [aNotification('ntf_1'), aNotification('ntf_2', { nextAttemptAt: at(60_000) })],
      });
      const claimed = await s.claim({ now: at(10), leaseOwner: 'w1', leaseUntil: at(30_000), limit: 10 });
      expect(claimed.map((n) => [n.id, n.attempts])).toEqual([['ntf_1', 1]]);
      expect(await s.claim({ now: at(20), leaseOwner: 'w2', leaseUntil: at(30_000), limit: 10 })).toEqual([]);
      expect(
        await s.finishAttempt({
          id: 'ntf_1',
          leaseOwner: 'w2',
          status: 'sent',
          nextAttemptAt: null,
          error: null,
          at: at(30),
        }),
      ).toBe(false);
      // The lease ran out: another worker claims it again (a second attempt, never a lost message).
      const retaken = await s.claim({ now: at(40_000), leaseOwner: 'w2', leaseUntil: at(70_000), limit: 1 });
      expect(retaken.map((n) => [n.id, n.attempts])).toEqual([['ntf_1', 2]]);
      expect(
        await s.finishAttempt({
          id: 'ntf_1',
          leaseOwner: 'w1',
          status: 'sent',
          nextAttemptAt: null,
          error: null,
          at: at(40_001),
        }),
      ).toBe(false);
      expect(
        await s.finishAttempt({
          id: 'ntf_1',
          leaseOwner: 'w2',
          status: 'pending',
          nextAttemptAt: at(45_000),
          error: 'connection refused',
          at: at(40_002),
        }),
      ).toBe(true);
      expect(await s.claim({ now: at(44_000), leaseOwner: 'w3', leaseUntil: at(99_000), limit: 10 })).toEqual(
        [],
      );
      const third = await s.claim({ now: at(61_000), leaseOwner: 'w3', leaseUntil: at(99_000), limit: 10 });
      expect(third.map((n) => [n.id, n.attempts, n.lastError])).toEqual([
        ['ntf_1', 3, 'connection refused'],
        ['ntf_2', 1, null],
      ]);
      await s.finishAttempt({
        id: 'ntf_1',
        leaseOwner: 'w3',
        status: 'sent',
        nextAttemptAt: null,
        error: null,
        at: at(62_000),
      });
      const [sent] = (await s.listNotifications('usr_ann', 10)).filter((n) => n.id === 'ntf_1');
      expect(sent).toMatchObject({
        status: 'sent',
        sentAt: at(62_000),
        nextAttemptAt: null,
        lastError: null,
      });
      expect(sent?.text).toBe('text');
      expect(sent?.html).toBe('<p>html</p>');
      await s.finishAttempt({
        id: 'ntf_2',
        leaseOwner: 'w3',
        status: 'failed',
        nextAttemptAt: null,
        error: '550 no such user',
        at: at(62_000),
      });
      expect(
        await s.claim({ now: at(99_999), leaseOwner: 'w4', leaseUntil: at(200_000), limit: 10 }),
      ).toEqual([]);
    });
  });
}

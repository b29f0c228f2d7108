import { describe, expect, it } from 'vitest';
import { accountEvent } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import type { WakeupTopic } from '../kernel/index.js';
import { anAccount } from './builders.js';

const OWNER = 'user_01JJWAKEUPOWNER000000000000';
const T0 = new Date('2026-01-15T12:00:00.000Z');

/**
 * Subscribes to `topic` and resolves, once the store hears other processes, with `heard`: the
 * time of the next wake-up (null: now), after which the subscription ends.
 */
export async function nextWakeup(
  store: Store,
  topic: WakeupTopic,
): Promise<{ readonly heard: Promise<Date | null> }> {
  let unsubscribe = () => {};
  const heard = new Promise<Date | null>((resolve) => {
    unsubscribe = store.wakeups.subscribe(topic, resolve);
  }).finally(() => unsubscribe());
  await store.wakeups.listening();
  return { heard };
}

/**
 * The wake-up part of the store contract: a committed change with events wakes `journal`
 * subscribers, and a notification reaches every subscriber of its topic, with its time, and no
 * unsubscribed one. Nothing here waits for a poll: a wake-up that never comes fails the test
 * by its time limit. `store()` is the test's fresh store.
 */
export function describeWakeupContract(store: () => Store): void {
  describe('wake-ups', () => {
    it('wakes journal subscribers once a change with events committed', async () => {
      const { heard } = await nextWakeup(store(), 'journal');
      const account = anAccount(OWNER, { id: 'acct_w1' });
      await store().accounts.saveAccount(account, [accountEvent('account.connected', account, T0)]);
      await expect(heard).resolves.toBeNull();
      // The change is readable by the time its wake-up arrives.
      const events = await store().events.listEvents(null, 10);
      expect(events.map((e) => e.subjectId)).toContain('acct_w1');
    });

    it('carries a notification to the subscribers of its topic, with its time', async () => {
      const dueAt = new Date('2030-05-01T10:00:00.000Z');
      const due = await nextWakeup(store(), 'posts-due');
      const inbox = await nextWakeup(store(), 'inbox');
      store().wakeups.notify('posts-due', dueAt);
      store().wakeups.notify('inbox');
      expect((await due.heard)?.toISOString()).toBe(dueAt.toISOString());
      await expect(inbox.heard).resolves.toBeNull();
    });

    it('stops calling a listener once it unsubscribed', async () => {
      const calls: string[] = [];
      const unsubscribe = store().wakeups.subscribe('deliveries', () => calls.push('gone'));
      const kept = await nextWakeup(store(), 'deliveries');
      unsubscribe();
      unsubscribe();
      store().wakeups.notify('deliveries');
      await kept.heard;
      expect(calls).toEqual([]);
    });
  });
}

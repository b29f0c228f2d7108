import { describe, expect, it } from 'vitest';
import { createLocalWakeups } from './local-wakeups.js';

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('local wake-ups', () => {
  it('delivers after the notifying code has finished, once per topic with the earliest time', async () => {
    const wakeups = createLocalWakeups();
    const heard: (string | null)[] = [];
    wakeups.subscribe('posts-due', (at) => heard.push(at?.toISOString() ?? null));
    wakeups.notify('posts-due', new Date('2030-01-02T00:00:00.000Z'));
    wakeups.notify('posts-due', new Date('2030-01-01T00:00:00.000Z'));
    // As inside a synchronous SQLite transaction: nothing has been delivered yet.
    expect(heard).toEqual([]);
    await settled();
    expect(heard).toEqual(['2030-01-01T00:00:00.000Z']);
    wakeups.notify('posts-due', new Date('2030-01-03T00:00:00.000Z'));
    wakeups.notify('posts-due');
    await settled();
    expect(heard).toEqual(['2030-01-01T00:00:00.000Z', null]);
  });

  it('keeps other listeners and topics apart from a throwing listener, and counts subscriptions', async () => {
    const wakeups = createLocalWakeups();
    const heard: string[] = [];
    const listener = () => heard.push('journal');
    wakeups.subscribe('journal', () => {
      throw new Error('a broken listener');
    });
    const first = wakeups.subscribe('journal', listener);
    wakeups.subscribe('journal', listener);
    wakeups.subscribe('inbox', () => heard.push('inbox'));
    expect(wakeups.subscribers()).toBe(4);
    wakeups.notify('journal');
    await settled();
    expect(heard).toEqual(['journal', 'journal']);
    first();
    first();
    expect(wakeups.subscribers()).toBe(3);
    wakeups.notify('journal');
    await settled();
    expect(heard).toEqual(['journal', 'journal', 'journal']);
  });
});

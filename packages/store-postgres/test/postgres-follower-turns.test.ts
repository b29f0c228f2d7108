import type { WakeupTopic } from '@svc/core';
import type { Pool } from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberEvents } from '../src/postgres-journal.js';
import type { PostgresWakeupChannel } from '../src/postgres-wakeup-channel.js';
import { createPostgresWakeups } from '../src/postgres-wakeups.js';

// How the followers of one process share their database work: one numbering a turn, one NOTIFY a gap.

afterEach(() => {
  vi.useRealTimers();
});

/** A pool whose every query finds nothing to number, answered when `answer` is called. */
function slowPool() {
  const pending: Array<() => void> = [];
  let queries = 0;
  const pool = {
    query: () => {
      queries += 1;
      return new Promise((resolve) => pending.push(() => resolve({ rows: [{ waiting: false }] })));
    },
  } as unknown as Pool;
  return {
    pool,
    queries: () => queries,
    answer: async () => {
      for (const resolve of pending.splice(0)) resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('numberEvents', () => {
  it('runs one numbering at a time per pool, and one more after it for everyone who came meanwhile', async () => {
    const db = slowPool();
    const first = numberEvents(db.pool);
    const later = [numberEvents(db.pool), numberEvents(db.pool), numberEvents(db.pool)];
    expect(db.queries()).toBe(1);
    await db.answer();
    await first;
    // The running one may have looked before the later callers' events committed: one more runs.
    expect(db.queries()).toBe(2);
    await db.answer();
    await Promise.all(later);
    expect(db.queries()).toBe(2);
    // Quiet again: the next caller numbers at once.
    const again = numberEvents(db.pool);
    expect(db.queries()).toBe(3);
    await db.answer();
    await again;
  });
});

/** A channel that records what it sent, and when (fake time). */
function recordingChannel() {
  const sent: Array<{ topic: WakeupTopic; at: number }> = [];
  const channel: PostgresWakeupChannel = {
    notify: async (topic) => {
      sent.push({ topic, at: performance.now() });
    },
    listen: async () => {},
    close: async () => {},
  };
  return { channel, sent };
}

describe('PostgreSQL wake-ups sent to other processes', () => {
  it('sends a burst of notices as one at once and one more a gap later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { channel, sent } = recordingChannel();
    const wakeups = createPostgresWakeups(channel, { notifyGapMs: 50 });
    for (let i = 0; i < 10; i++) {
      wakeups.notify('journal');
      await vi.advanceTimersByTimeAsync(2);
    }
    expect(sent.map((s) => s.topic)).toEqual(['journal']);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((s) => s.topic)).toEqual(['journal', 'journal']);
    expect((sent[1]?.at ?? 0) - (sent[0]?.at ?? 0)).toBe(50);
    // A due time is news each time: never held back.
    wakeups.notify('posts-due', new Date(0));
    wakeups.notify('posts-due', new Date(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.filter((s) => s.topic === 'posts-due')).toHaveLength(2);
    await wakeups.close();
  });

  it('sends a notice still waiting out its gap when closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { channel, sent } = recordingChannel();
    const wakeups = createPostgresWakeups(channel, { notifyGapMs: 10_000 });
    wakeups.notify('journal');
    await vi.advanceTimersByTimeAsync(0);
    wakeups.notify('journal');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await wakeups.close();
    expect(sent).toHaveLength(2);
  });
});

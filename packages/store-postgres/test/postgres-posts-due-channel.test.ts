import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import {
  createPostgresPostsDueChannel,
  type PostgresPostsDueChannel,
  WAKEUP_LISTENER_NAME,
} from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

/** Resolves with the first value `take` accepts, or rejects after `ms`. */
function nextCall(ms: number): {
  push: (at: Date) => void;
  next: (take?: (at: Date) => boolean) => Promise<Date>;
} {
  const seen: Date[] = [];
  let waiter: { take: (at: Date) => boolean; resolve: (at: Date) => void } | null = null;
  return {
    push(at) {
      if (waiter?.take(at)) {
        waiter.resolve(at);
        waiter = null;
      } else seen.push(at);
    },
    next(take = () => true) {
      const index = seen.findIndex(take);
      if (index >= 0) return Promise.resolve(seen.splice(index, 1)[0] as Date);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notification within ${ms} ms`)), ms);
        waiter = {
          take,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
      });
    },
  };
}

await describePostgres('PostgreSQL posts-due channel', (db) => {
  const opened: PostgresPostsDueChannel[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((channel) => channel.close()));
  });
  const open = () => {
    const channel = createPostgresPostsDueChannel({ connectionString: db.url(), reconnectMinMs: 50 });
    opened.push(channel);
    return channel;
  };

  it("delivers one channel's notification to another's listener within a second", async () => {
    const sender = open();
    const receiver = open();
    const calls = nextCall(1000);
    await receiver.listen(calls.push);
    const due = new Date('2026-03-01T10:15:30.123Z');
    await sender.notify(due);
    expect((await calls.next()).toISOString()).toBe(due.toISOString());
  });

  it('reconnects after its connection is terminated, wakes at once, and keeps receiving', async () => {
    const sender = open();
    const receiver = open();
    const calls = nextCall(3000);
    await receiver.listen(calls.push);
    const admin = new pg.Client({ connectionString: db.url() });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1
            AND query LIKE 'LISTEN %'`,
        [WAKEUP_LISTENER_NAME],
      );
      expect(killed.rows).toEqual([{ ok: true }]);
    } finally {
      await admin.end();
    }
    const beforeReconnect = Date.now();
    // Notifications sent while disconnected are lost, so the reconnect itself wakes with "now".
    const wake = await calls.next();
    expect(wake.getTime()).toBeGreaterThanOrEqual(beforeReconnect - 1000);
    const due = new Date('2026-03-01T11:00:00.000Z');
    await sender.notify(due);
    expect((await calls.next((at) => at.getTime() === due.getTime())).toISOString()).toBe(due.toISOString());
  });

  it('sends a notification still in flight when closed right after notify', async () => {
    const sender = open();
    const receiver = open();
    const calls = nextCall(1000);
    await receiver.listen(calls.push);
    const due = new Date('2026-03-02T08:00:00.000Z');
    // As a CLI command does: fire and forget, then close before exiting.
    const sent = sender.notify(due);
    await sender.close();
    await sent;
    expect((await calls.next()).toISOString()).toBe(due.toISOString());
  });

  it('stops delivering after close', async () => {
    const sender = open();
    const receiver = open();
    const calls = nextCall(300);
    await receiver.listen(calls.push);
    await receiver.close();
    await sender.notify(new Date());
    await expect(calls.next()).rejects.toThrow(/no notification/);
  });
});

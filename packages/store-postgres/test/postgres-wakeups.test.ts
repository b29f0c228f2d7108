import { accountEvent, type Store, WAKEUP_TOPICS, type WakeupTopic } from '@svc/core';
import { anAccount, nextWakeup } from '@svc/core/testing';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { WAKEUP_LISTENER_NAME } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

// Two stores with pools and listeners of their own stand for two processes on one database. A
// wake-up that never comes fails a test by its time limit; no poll is involved.

const OWNER = 'user_01JJWAKEUPPG0000000000000';

await describePostgres('PostgreSQL wake-ups across processes', (db) => {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  /** Two stores on one fresh schema, as two processes on one database. */
  const twoProcesses = async (): Promise<[Store, Store]> => {
    const pool = await db.freshSchema();
    const first = await db.openStore({ pool });
    const second = await db.openStore({ pool });
    opened.push(first, second);
    return [first, second];
  };
  const connect = async (store: Store, id: string) => {
    const account = anAccount(OWNER, { id });
    await store.accounts.saveAccount(account, [accountEvent('account.connected', account, new Date())]);
  };

  it("wakes one process's journal followers on another's commit, and passes its other topics on", async () => {
    const [writer, worker] = await twoProcesses();
    const journal = await nextWakeup(worker, 'journal');
    await connect(writer, 'acct_pw1');
    await expect(journal.heard).resolves.toBeNull();
    const inbox = await nextWakeup(worker, 'inbox');
    const due = await nextWakeup(worker, 'posts-due');
    const dueAt = new Date('2030-01-01T08:00:00.000Z');
    writer.wakeups.notify('inbox');
    writer.wakeups.notify('posts-due', dueAt);
    await expect(inbox.heard).resolves.toBeNull();
    expect((await due.heard)?.toISOString()).toBe(dueAt.toISOString());
  });

  it('listens again after its connection is terminated, wakes every topic, and keeps hearing', async () => {
    const [writer, worker] = await twoProcesses();
    const woken = new Set<WakeupTopic>();
    const everyTopic = new Promise<void>((resolve) => {
      for (const topic of WAKEUP_TOPICS) {
        worker.wakeups.subscribe(topic, () => {
          woken.add(topic);
          if (woken.size === WAKEUP_TOPICS.length) resolve();
        });
      }
    });
    await worker.wakeups.listening();
    const admin = new pg.Client({ connectionString: db.url() });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND query LIKE 'LISTEN %'`,
        [WAKEUP_LISTENER_NAME],
      );
      expect(killed.rows).toEqual([{ ok: true }]);
    } finally {
      await admin.end();
    }
    // Notifications sent while it was away are lost, so coming back wakes everything once.
    await everyTopic;
    const journal = await nextWakeup(worker, 'journal');
    await connect(writer, 'acct_pw3');
    await expect(journal.heard).resolves.toBeNull();
  });
});

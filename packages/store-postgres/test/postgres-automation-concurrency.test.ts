import type { CommentJob, InboxComment, Store } from '@svc/core';
import { anAccount, anAutomation, aUser } from '@svc/core/testing';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { ADVANCE_COMMENT_SQL } from '../src/postgres-automation-queries.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-05-04T10:00:00.000Z');
const LEASE_END = new Date(T0.getTime() + 3_600_000);

/** `count` comments on one post of `igUserId`, received a second apart. */
const commentsOf = (igUserId: string, count: number): InboxComment[] =>
  Array.from({ length: count }, (_, i) => ({
    commentId: `comment_${String(i).padStart(6, '0')}`,
    igUserId,
    mediaId: 'ig-media-1',
    parentId: null,
    fromId: `visitor-${i}`,
    fromUsername: null,
    text: 'price please',
    commentedAt: T0,
    receivedAt: new Date(T0.getTime() - (count - i) * 1000),
  }));

await describePostgres('PostgreSQL automations under concurrency', (db) => {
  const opened: Store[] = [];
  const pools: pg.Pool[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });
  /** Two stores (two pools) on one fresh schema, as two reply workers' processes would have. */
  const openTwo = async (): Promise<[Store, Store, pg.PoolConfig]> => {
    const pool = { ...(await db.freshSchema()), max: 5 };
    const first = await openPostgresStore({ connectionString: db.url(), pool });
    const second = await openPostgresStore({ connectionString: db.url(), pool });
    opened.push(first, second);
    return [first, second, pool];
  };
  const rawPool = (options: pg.PoolConfig) => {
    const pool = new pg.Pool({ connectionString: db.url(), ...options });
    pools.push(pool);
    return pool;
  };

  it('hands each comment to exactly one of several workers, and counts every step of each', async () => {
    const [first, second] = await openTwo();
    const owner = aUser();
    await first.users.insertUser(owner);
    const account = anAccount(owner.id);
    await first.accounts.saveAccount(account);
    const automation = anAutomation(owner.id, account.id);
    await first.automations.createAutomation(automation, []);
    const comments = commentsOf(account.platformAccountId, 150);
    expect(await first.automations.recordComments(comments)).toBe(comments.length);

    const taken: string[] = [];
    const refused: string[] = [];
    // Claims small batches and finishes each comment at once, until a claim comes back empty.
    const worker = async (store: Store, name: string) => {
      for (let turn = 0; turn < 1_000; turn += 1) {
        const jobs: CommentJob[] = await store.automations.claimComments({
          now: T0,
          leaseOwner: name,
          leaseUntil: LEASE_END,
          limit: 5,
        });
        if (jobs.length === 0) return;
        for (const job of jobs) {
          taken.push(job.commentId);
          const advanced = await store.automations.advanceComment({
            commentId: job.commentId,
            leaseOwner: name,
            at: T0,
            stage: 'done',
            automationId: automation.id,
            outcome: 'replied',
            counters: [
              { automationId: automation.id, counter: 'matched' },
              { automationId: automation.id, counter: 'public_replies' },
              { automationId: automation.id, counter: 'public_replies' },
            ],
          });
          if (!advanced) refused.push(job.commentId);
        }
      }
    };
    await Promise.all([
      worker(first, 'replier-a'),
      worker(first, 'replier-b'),
      worker(second, 'replier-c'),
      worker(second, 'replier-d'),
    ]);
    expect(refused).toEqual([]);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken].sort()).toEqual(comments.map((c) => c.commentId).sort());
    const counts = (await second.automations.getAutomation(automation.id))?.counts;
    expect(counts).toMatchObject({ matched: comments.length, public_replies: 2 * comments.length });
  });

  it('removes the counts a step was adding when the automation is deleted meanwhile', async () => {
    const [store, , options] = await openTwo();
    const owner = aUser();
    const account = anAccount(owner.id);
    await store.accounts.saveAccount(account);
    const automation = anAutomation(owner.id, account.id);
    await store.automations.createAutomation(automation, []);
    const [comment] = commentsOf(account.platformAccountId, 1);
    if (comment === undefined) throw new Error('unreachable');
    await store.automations.recordComments([comment]);
    expect(
      await store.automations.claimComments({ now: T0, leaseOwner: 'w', leaseUntil: LEASE_END, limit: 1 }),
    ).toHaveLength(1);

    // A step caught between its statement and its commit.
    const client = await rawPool(options).connect();
    try {
      await client.query('BEGIN');
      const step = await client.query(ADVANCE_COMMENT_SQL, [
        comment.commentId,
        'w',
        'private_sending',
        automation.id,
        null,
        T0,
        [automation.id],
        ['matched'],
      ]);
      expect(step.rowCount).toBe(1);
      let settled = false;
      const deleting = store.automations.deleteAutomation(automation.id, []).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The deletion waits for the step rather than leave its counts behind.
      expect(settled).toBe(false);
      await client.query('COMMIT');
      expect(await deleting).toBe(true);
    } finally {
      client.release();
    }
    // A later step of a comment it had matched counts nothing for it.
    const [, later] = commentsOf(account.platformAccountId, 2);
    if (later === undefined) throw new Error('unreachable');
    await store.automations.recordComments([later]);
    await store.automations.claimComments({ now: T0, leaseOwner: 'w', leaseUntil: LEASE_END, limit: 5 });
    expect(
      await store.automations.advanceComment({
        commentId: later.commentId,
        leaseOwner: 'w',
        at: T0,
        stage: 'done',
        automationId: automation.id,
        outcome: 'replied',
        counters: [{ automationId: automation.id, counter: 'private_replies' }],
      }),
    ).toBe(true);
    const left = await rawPool(options).query('SELECT * FROM automation_counts');
    expect(left.rows).toEqual([]);
    expect(await store.automations.getComment(comment.commentId)).toMatchObject({
      stage: 'private_sending',
      automationId: automation.id,
    });
  });
});

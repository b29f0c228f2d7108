import { type CollectionJob, type Post, type Store, scheduledEvents, transition } from '@svc/core';
import { anAccount, aPost, aUser } from '@svc/core/testing';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-03-02T00:00:00.000Z');
const HOUR = 3_600_000;
const DUE = new Date(T0.getTime() + 2 * HOUR);
/** Reads per post in the claim test: each post is due again at once until it had them all. */
const SLOTS = 3;
const DAY = 24 * HOUR;

/** Publishes the posts through the post store, as the publisher does: one `post.posted` each. */
async function publishAll(store: Store, posts: readonly Post[]): Promise<void> {
  const owner = posts[0]?.ownerId ?? '';
  const outcome = await store.posts.insertPosts({
    ownerId: owner,
    at: new Date(T0.getTime() - HOUR),
    posts,
    idempotency: null,
    quota: { limit: 1_000_000, windowStart: new Date(T0.getTime() - 24 * HOUR) },
    events: scheduledEvents(posts, T0),
  });
  expect(outcome.kind).toBe('inserted');
  const claimed = await store.posts.claimDuePosts({
    now: T0,
    limit: posts.length,
    leaseOwner: 'publisher',
    leaseUntil: new Date(T0.getTime() + 60_000),
  });
  expect(claimed).toHaveLength(posts.length);
  for (const post of claimed) {
    const done = transition(post, {
      type: 'succeed',
      at: T0,
      leaseOwner: 'publisher',
      platformPostId: `pp_${post.id}`,
      permalink: `https://example.test/${post.id}`,
    })._unsafeUnwrap();
    expect(await store.posts.updatePost(done.post, post.version, done.events)).not.toBeNull();
  }
}

/** How many events the journal holds, read page by page. */
const postsOf = (owner: string, count: number) =>
  Array.from({ length: count }, () => aPost(owner, 'acct_ig', { scheduledTime: T0, dueAt: T0 }));

await describePostgres('PostgreSQL analytics under concurrency', (db) => {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  /** Two stores (two pools) on one fresh schema, as two collector processes would have. */
  const openTwo = async (): Promise<[Store, Store]> => {
    const pool = { ...(await db.freshSchema()), max: 5 };
    const first = await openPostgresStore({ connectionString: db.url(), pool });
    const second = await openPostgresStore({ connectionString: db.url(), pool });
    opened.push(first, second);
    return [first, second];
  };

  it('never hands one post to two collectors for the same slot', async () => {
    const [first, second] = await openTwo();
    const posts = postsOf(aUser().id, 200);
    await publishAll(first, posts);
    while ((await first.analytics.followJournal(500)) > 0) {
      // Catch up.
    }
    const expected = posts.length * SLOTS;
    const taken: string[] = [];
    const refused: string[] = [];
    // Claims, then records each read with the next read due at once, until every slot is read.
    const collector = async (store: Store, name: string) => {
      for (let turn = 0; taken.length < expected && turn < 2_000; turn += 1) {
        const jobs: CollectionJob[] = await store.analytics.claimCollections({
          now: DUE,
          leaseOwner: name,
          leaseUntil: new Date(DUE.getTime() + HOUR),
          limit: 7,
        });
        if (jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
        for (const job of jobs) {
          const slot = (job.doneSlot ?? -1) + 1;
          taken.push(`${job.postId}#${slot}`);
          const recorded = await store.analytics.recordCollection({
            postId: job.postId,
            leaseOwner: name,
            at: DUE,
            status: 'collected',
            slot,
            metrics: { views: slot, likes: 1 },
            nextAt: slot + 1 < SLOTS ? DUE : null,
          });
          if (!recorded) refused.push(`${job.postId}#${slot}`);
        }
      }
    };
    await Promise.all([collector(first, 'collector-a'), collector(second, 'collector-b')]);
    expect(refused).toEqual([]);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken].sort()).toEqual(
      posts.flatMap((p) => Array.from({ length: SLOTS }, (_, slot) => `${p.id}#${slot}`)).sort(),
    );
    for (const post of posts.slice(0, 10)) {
      expect((await second.analytics.listSnapshots(post.id)).map((s) => s.slot)).toEqual([0, 1, 2]);
    }
    expect(
      await first.analytics.claimCollections({ now: DUE, leaseOwner: 'x', leaseUntil: DUE, limit: 1 }),
    ).toEqual([]);
  });

  it('starts every collection exactly once with two followers reading while posts are published', async () => {
    const [first, second] = await openTwo();
    const owner = aUser().id;
    const batches = Array.from({ length: 6 }, () => postsOf(owner, 10));
    let published = false;
    const read = { first: 0, second: 0 };
    let total = Number.POSITIVE_INFINITY;
    // Reads small pages until, once everything is published, the two together read the journal.
    const follower = async (store: Store, key: keyof typeof read) => {
      for (let turn = 0; turn < 5_000; turn += 1) {
        if (published && read.first + read.second >= total) return;
        const count = await store.analytics.followJournal(3);
        read[key] += count;
        if (count === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const publisher = async () => {
      for (const batch of batches) await publishAll(first, batch);
      // Each post is scheduled, claimed and posted: three events. Counted, not read back: a reader
      // stops short of events behind a transaction still open elsewhere on the server (other test
      // files share it), and the followers must wait for those, not the count.
      total = batches.flat().length * 3;
      published = true;
    };
    await Promise.all([publisher(), follower(first, 'first'), follower(second, 'second')]);
    // No event read twice, none skipped: the two followers' counts add up to the journal.
    expect(read.first + read.second).toBe(total);
    expect(read.first).toBeGreaterThan(0);
    expect(read.second).toBeGreaterThan(0);
    const jobs = await second.analytics.claimCollections({
      now: DUE,
      leaseOwner: 'collector',
      leaseUntil: new Date(DUE.getTime() + HOUR),
      limit: 1_000,
    });
    expect(jobs.map((j) => j.postId).sort()).toEqual(
      batches
        .flat()
        .map((p) => p.id)
        .sort(),
    );
    expect(await first.analytics.followJournal(100)).toBe(0);
  });

  it('hands every active account to exactly one follower read a day with two collectors claiming', async () => {
    const [first, second] = await openTwo();
    const owner = aUser().id;
    const accounts = Array.from({ length: 30 }, () => anAccount(owner));
    for (const account of accounts) await first.accounts.saveAccount(account);
    await first.accounts.saveAccount(anAccount(owner, { needsReconnect: true }));
    await first.accounts.saveAccount(anAccount(owner, { status: 'inactive' }));
    const daily = (now: Date) => ({ now, before: new Date(now.getTime() - DAY + 60_000), limit: 3 });
    // Claims small batches until a claim comes back empty twice in a row.
    const collector = async (store: Store, taken: string[], now: Date) => {
      for (let empty = 0, turn = 0; empty < 2 && turn < 1_000; turn += 1) {
        const claimed = await store.analytics.claimFollowerReads(daily(now));
        taken.push(...claimed.map((a) => a.id));
        empty = claimed.length === 0 ? empty + 1 : 0;
      }
    };
    const expected = accounts.map((a) => a.id).sort();
    for (const day of [T0, new Date(T0.getTime() + DAY)]) {
      const a: string[] = [];
      const b: string[] = [];
      await Promise.all([collector(first, a, day), collector(second, b, day)]);
      expect([...a, ...b].sort()).toEqual(expected);
      // Later that day nobody gets any of them again.
      expect(await second.analytics.claimFollowerReads(daily(new Date(day.getTime() + HOUR)))).toEqual([]);
    }
  });
});

import { type Post, type PostEvent, type Store, transition } from '@svc/core';
import { aPost, aUser } from '@svc/core/testing';
import { POST_COLUMNS } from '@svc/store-sql';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openPostgresStore } from '../src/index.js';
import { describePostgres } from '../src/testing/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A due post inserted, then claimed by `pub-1` with a lease until 121 s. */
async function claimedPost(store: Store): Promise<Post> {
  const owner = aUser().id;
  const due = aPost(owner, 'acct_1', { scheduledTime: at(0), dueAt: at(0) });
  await store.posts.insertPosts({
    ownerId: owner,
    at: T0,
    posts: [due],
    idempotency: null,
    quota: { limit: 10, windowStart: T0 },
  });
  const [claimed] = await store.posts.claimDuePosts({
    now: at(1),
    limit: 1,
    leaseOwner: 'pub-1',
    leaseUntil: at(121),
  });
  return claimed as Post;
}

/** Records `event` on the post as the publisher does: the store gets the post as read. */
async function step(store: Store, post: Post, event: PostEvent): Promise<Post> {
  const next = transition(post, event)._unsafeUnwrap();
  return (await store.posts.updatePost(next.post, post.version, next.events, post)) as Post;
}

const mark = (seconds: number, leaseUntil: Date): PostEvent => ({
  type: 'record_progress',
  at: at(seconds),
  leaseOwner: 'pub-1',
  progress: { marked: seconds },
  leaseUntil,
});

await describePostgres('PostgreSQL post writes', (db) => {
  it('names in each lifecycle write only the columns the step changed (and version)', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    const client = new pg.Client({ connectionString: db.url(), ...pool });
    await client.connect();
    try {
      // `UPDATE OF column` triggers fire when the column is in the SET list, whatever its value.
      await client.query(`CREATE TABLE touched (n bigserial PRIMARY KEY, col text NOT NULL);
        CREATE FUNCTION note_touched() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO touched (col) VALUES (TG_ARGV[0]); RETURN NULL; END $$;`);
      for (const column of POST_COLUMNS) {
        await client.query(`CREATE TRIGGER touched_${column} AFTER UPDATE OF ${column} ON posts
          FOR EACH ROW EXECUTE FUNCTION note_touched('${column}')`);
      }
      const setLists = async () => {
        const rows = (await client.query<{ col: string }>('DELETE FROM touched RETURNING col')).rows;
        return rows.map((row) => row.col).sort();
      };
      const claimed = await claimedPost(store);
      expect(await setLists()).toEqual([
        'attempts',
        'due_at',
        'lease_owner',
        'status',
        'updated_at',
        'version',
      ]);
      const marked = await step(store, claimed, mark(2, at(122)));
      expect(await setLists()).toEqual(['due_at', 'publish_progress', 'updated_at', 'version']);
      const posted = await step(store, marked, {
        type: 'succeed',
        at: at(3),
        leaseOwner: 'pub-1',
        platformPostId: 'fb-1',
        permalink: null,
        warning: null,
      });
      expect(await setLists()).toEqual([
        'due_at',
        'lease_owner',
        'platform_post_id',
        'published_at',
        'status',
        'updated_at',
        'version',
      ]);
      expect(await store.posts.getPost(claimed.id)).toEqual(posted);
    } finally {
      await client.end();
      await store.close();
    }
  });

  it('makes the lifecycle writes that change no indexed column HOT updates', async () => {
    const pool = await db.freshSchema();
    const store = await openPostgresStore({ connectionString: db.url(), pool });
    const claimed = await claimedPost(store); // not HOT: status and due_at are indexed
    // A mark that keeps the lease changes no indexed column: HOT.
    const kept = await step(store, claimed, mark(2, claimed.dueAt as Date));
    // A mark that renews the lease moves the post in `posts_due`: not HOT.
    const renewed = await step(store, kept, mark(3, at(123)));
    const posted = await step(store, renewed, {
      type: 'succeed',
      at: at(4),
      leaseOwner: 'pub-1',
      platformPostId: 'upload-1',
      permalink: null,
      warning: null,
      publicIdPending: true,
    }); // not HOT: status
    // The collector's reveal of the public id and link: HOT.
    await step(store, posted, {
      type: 'reveal_public_id',
      at: at(5),
      platformPostId: 'fb-1',
      permalink: 'https://facebook.com/fb-1',
    });
    // The store's connections report their statistics when they end.
    await store.close();
    const client = new pg.Client({ connectionString: db.url(), ...pool });
    await client.connect();
    try {
      let counts = { upd: 0, hot: 0 };
      for (let tries = 0; tries < 100 && counts.upd < 5; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        await client.query('SELECT pg_stat_clear_snapshot()');
        const row = (
          await client.query<{ upd: string; hot: string }>(
            "SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relid = 'posts'::regclass",
          )
        ).rows[0];
        counts = { upd: Number(row?.upd ?? 0), hot: Number(row?.hot ?? 0) };
      }
      expect(counts).toEqual({ upd: 5, hot: 2 });
    } finally {
      await client.end();
    }
  }, 30_000);
});

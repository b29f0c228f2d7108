import { type Post, type PostEvent, transition } from '@svc/core';
import { aPost, aUser } from '@svc/core/testing';
import { POST_COLUMNS } from '@svc/store-sql';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { useTempDirectory } from './temp-directory.js';

const tempPath = useTempDirectory();
const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/**
 * Records, per UPDATE of `posts`, the columns its SET list names: an `UPDATE OF column` trigger
 * fires when the column is in the SET list, whatever its value, which is also how SQLite picks the
 * indexes an UPDATE maintains.
 */
function recordSetLists(path: string): () => string[] {
  const db = new Database(path);
  db.exec('CREATE TABLE touched (n INTEGER PRIMARY KEY, col TEXT NOT NULL)');
  for (const column of POST_COLUMNS) {
    db.exec(`CREATE TRIGGER touched_${column} AFTER UPDATE OF ${column} ON posts
      BEGIN INSERT INTO touched (col) VALUES ('${column}'); END`);
  }
  return () => {
    const columns = db.prepare('SELECT col FROM touched ORDER BY n').pluck().all() as string[];
    db.exec('DELETE FROM touched');
    return columns.sort();
  };
}

it('names in each lifecycle write only the columns the step changed (and version)', async () => {
  const path = tempPath();
  const store = openSqliteStore({ path });
  const owner = aUser().id;
  const due = aPost(owner, 'acct_1', { scheduledTime: at(0), dueAt: at(0) });
  await store.posts.insertPosts({
    ownerId: owner,
    at: T0,
    posts: [due],
    idempotency: null,
    quota: { limit: 10, windowStart: T0 },
  });
  const setLists = recordSetLists(path);
  const step = async (post: Post, event: PostEvent, before: Post | undefined): Promise<Post> => {
    const next = transition(post, event)._unsafeUnwrap();
    return (await store.posts.updatePost(next.post, post.version, next.events, before)) as Post;
  };

  const [claimed] = await store.posts.claimDuePosts({
    now: at(1),
    limit: 1,
    leaseOwner: 'pub-1',
    leaseUntil: at(121),
  });
  expect(setLists()).toEqual(['attempts', 'due_at', 'lease_owner', 'status', 'updated_at', 'version']);

  const progress = { type: 'record_progress', at: at(2), leaseOwner: 'pub-1' } as const;
  const marked = await step(
    claimed as Post,
    { ...progress, progress: { marked: true }, leaseUntil: at(122) },
    claimed,
  );
  expect(setLists()).toEqual(['due_at', 'publish_progress', 'updated_at', 'version']);
  // Without the post as read, the store reads the row and names the same columns.
  const again = await step(
    marked,
    { ...progress, at: at(3), progress: { marked: 2 }, leaseUntil: at(122) },
    undefined,
  );
  expect(setLists()).toEqual(['publish_progress', 'updated_at', 'version']);

  const posted = await step(
    again,
    {
      type: 'succeed',
      at: at(4),
      leaseOwner: 'pub-1',
      platformPostId: 'fb-1',
      permalink: null,
      warning: null,
    },
    again,
  );
  expect(setLists()).toEqual([
    'due_at',
    'lease_owner',
    'platform_post_id',
    'published_at',
    'status',
    'updated_at',
    'version',
  ]);
  expect(await store.posts.getPost(due.id)).toEqual(posted);
  await store.close();
});

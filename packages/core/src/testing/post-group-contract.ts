import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { type Post, scheduledEvents, transition } from '../posts/index.js';
import { aPost } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const OWNER = 'user_01JJGROUPOWNER000000000000';
const OTHER = 'user_01JJGROUPOTHER000000000000';

async function insert(store: Store, ownerId: string, posts: Post[]): Promise<void> {
  await store.posts.insertPosts({
    ownerId,
    at: T0,
    posts,
    idempotency: null,
    quota: { limit: 1000, windowStart: T0 },
    events: scheduledEvents(posts, T0),
  });
}

/**
 * The post-group part of the store contract: a group's live members are read together, and
 * posts changed together are written all or nothing. `store()` is the test's fresh store.
 */
export function describePostGroupContract(store: () => Store): void {
  describe('post groups', () => {
    it("reads a group's live members oldest first, and only the owner's", async () => {
      const later = aPost(OWNER, 'acct_g2', { id: 'post_g2', groupId: 'grp_1', createdAt: at(1) });
      const first = aPost(OWNER, 'acct_g1', { id: 'post_g1', groupId: 'grp_1' });
      const gone = aPost(OWNER, 'acct_g3', { id: 'post_g3', groupId: 'grp_1' });
      const elsewhere = aPost(OWNER, 'acct_g4', { id: 'post_g4', groupId: 'grp_2' });
      const alone = aPost(OWNER, 'acct_g5', { id: 'post_g5' });
      await insert(store(), OWNER, [later, first, gone, elsewhere, alone]);
      await insert(store(), OTHER, [aPost(OTHER, 'acct_g6', { id: 'post_g6', groupId: 'grp_1' })]);
      const deleted = transition(gone, { type: 'delete', at: at(2) })._unsafeUnwrap();
      await store().posts.updatePost(deleted.post, gone.version, deleted.events);

      expect(await store().posts.postsOfGroup(OWNER, 'grp_1')).toEqual([first, later]);
      expect((await store().posts.getPost('post_g5'))?.groupId).toBeNull();
      expect(await store().posts.postsOfGroup(OWNER, 'grp_missing')).toEqual([]);
    });

    it('writes posts changed together with their events, or none of them when one changed meanwhile', async () => {
      const a = aPost(OWNER, 'acct_g1', { id: 'post_ga', groupId: 'grp_3' });
      const b = aPost(OWNER, 'acct_g2', { id: 'post_gb', groupId: 'grp_3' });
      await insert(store(), OWNER, [a, b]);
      const deleteOf = (post: Post) => transition(post, { type: 'delete', at: at(5) })._unsafeUnwrap();
      const [da, db] = [deleteOf(a), deleteOf(b)];

      // b is behind: a's write, made first, must not stay.
      const lost = await store().posts.updatePosts([
        { post: da.post, expectedVersion: a.version, events: da.events },
        { post: db.post, expectedVersion: b.version + 1, events: db.events },
      ]);
      expect(lost).toEqual({ kind: 'changed', postId: 'post_gb' });
      expect(await store().posts.getPost('post_ga')).toEqual(a);
      const eventsAfterLoss = await store().events.listEvents(null, 100);
      expect(eventsAfterLoss.filter((e) => e.type === 'post.deleted')).toEqual([]);

      const written = await store().posts.updatePosts([
        { post: da.post, expectedVersion: a.version, events: da.events },
        { post: db.post, expectedVersion: b.version, events: db.events },
      ]);
      expect(written).toEqual({
        kind: 'written',
        posts: [
          { ...da.post, version: a.version + 1 },
          { ...db.post, version: b.version + 1 },
        ],
      });
      expect(await store().posts.postsOfGroup(OWNER, 'grp_3')).toEqual([]);
      const events = await store().events.listEvents(null, 100);
      expect(events.filter((e) => e.type === 'post.deleted').map((e) => e.subjectId)).toEqual([
        'post_ga',
        'post_gb',
      ]);
    });
  });
}

import { describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { MediaAsset } from '../media/index.js';
import { type Post, transition } from '../posts/index.js';
import { aMediaAsset, anAccount, aPost, aUser } from './builders.js';
import { seedPublishedPosts } from './seed-published-posts.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const day = (n: number) => new Date(T0.getTime() + n * DAY);

/**
 * PostStore.purgeDeletedPosts: what goes with a purged post, what stays, and the copies made for
 * it. Part of describeStoreContract.
 */
export function describePostPurgeContract(store: () => Store): void {
  describe('purge of soft-deleted posts', () => {
    const owner = aUser();
    const account = anAccount(owner.id);

    async function setUp() {
      await store().users.insertUser(owner);
      await store().accounts.saveAccount(account);
    }

    /** Inserts `post` and soft-deletes it at `deletedAt`; answers the stored, deleted post. */
    async function deleted(post: Post, deletedAt: Date): Promise<Post> {
      await insert(post);
      return softDelete(post.id, deletedAt);
    }
    async function insert(post: Post) {
      await store().posts.insertPosts({
        ownerId: post.ownerId,
        at: post.createdAt,
        posts: [post],
        idempotency: null,
        quota: { limit: 1000, windowStart: new Date('2026-01-01T00:00:00.000Z') },
      });
    }
    async function softDelete(id: string, at: Date): Promise<Post> {
      const stored = (await store().posts.getPost(id)) as Post;
      const change = transition(stored, { type: 'delete', at })._unsafeUnwrap();
      const written = await store().posts.updatePost(change.post, stored.version, change.events);
      if (written === null) throw new Error(`could not delete ${id}`);
      return written;
    }
    async function markDeleted(id: string, at: Date) {
      const stored = (await store().posts.getPost(id)) as Post;
      await store().posts.updatePost({ ...stored, deletedAt: at }, stored.version);
    }
    /**
     * Follows the journal until the owner's `count` published posts have their collections, leased
     * to 'seed': on PostgreSQL another suite's open transaction can hold the journal back a moment.
     */
    async function collectionsStarted(count: number) {
      for (let tries = 0; tries < 200; tries += 1) {
        await store().analytics.followJournal(500);
        if ((await store().analytics.collectNow(owner.id, day(1))) >= count) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const leased = await store().analytics.claimCollections({
        now: day(1),
        leaseOwner: 'seed',
        leaseUntil: day(2),
        limit: 100,
      });
      expect(leased).toHaveLength(count);
    }
    const purge = (deletedBefore: Date, limit = 100) =>
      store().posts.purgeDeletedPosts({ deletedBefore, limit, at: day(40) });
    async function addAsset(asset: MediaAsset) {
      const added = await store().media.addMediaAsset(asset, {
        storageLimitBytes: 10_000_000,
        sourceUrl: null,
      });
      if (added.kind !== 'added') throw new Error(`asset ${asset.id} was not added`);
    }

    it('removes posts deleted before the time, oldest first and a batch at a time, keeping the rest', async () => {
      await setUp();
      const old = [
        await deleted(aPost(owner.id, account.id), day(1)),
        await deleted(aPost(owner.id, account.id), day(2)),
        await deleted(aPost(owner.id, account.id), day(3)),
      ];
      const recent = await deleted(aPost(owner.id, account.id), day(20));
      const live = aPost(owner.id, account.id);
      await insert(live);

      expect(await purge(day(10), 2)).toEqual({ posts: 2, mediaAssets: 0 });
      expect(await store().posts.getPost(old[0]?.id as string)).toBeNull();
      expect(await store().posts.getPost(old[1]?.id as string)).toBeNull();
      expect(await store().posts.getPost(old[2]?.id as string)).not.toBeNull();
      expect(await purge(day(10), 2)).toEqual({ posts: 1, mediaAssets: 0 });
      expect(await purge(day(10), 2)).toEqual({ posts: 0, mediaAssets: 0 });
      // Strictly before: a post deleted at the very time stays.
      expect(await purge(recent.deletedAt as Date)).toEqual({ posts: 0, mediaAssets: 0 });
      expect(await store().posts.getPost(recent.id)).toEqual(recent);
      expect((await store().posts.getPost(live.id))?.deletedAt).toBeNull();
      // The journal keeps the purged posts' events.
      expect((await store().events.historyOf(owner.id, old[0]?.id as string, 10)).map((e) => e.type)).toEqual(
        ['post.deleted'],
      );
    });

    it("removes a purged post's approvals and analytics rows, and no one else's", async () => {
      await setUp();
      const gone = aPost(owner.id, account.id, { status: 'scheduled' });
      const kept = aPost(owner.id, account.id, { status: 'scheduled' });
      await seedPublishedPosts(store(), day(1), [
        { post: gone, publishedAt: T0, metrics: null },
        { post: kept, publishedAt: T0, metrics: null },
      ]);
      await collectionsStarted(2);
      for (const post of [gone, kept]) {
        await store().analytics.recordCollection({
          postId: post.id,
          leaseOwner: 'seed',
          at: day(1),
          status: 'collected',
          slot: 3,
          metrics: { views: 5, likes: 1 },
          nextAt: null,
        });
      }
      for (const post of [gone, kept]) {
        await store().approvals.insertApproval({
          id: `appr_${post.id}`,
          postId: post.id,
          ownerId: owner.id,
          status: 'approved',
          requestNote: null,
          reviewerNote: null,
          requestedAt: T0,
          decidedAt: T0,
          requestedBy: owner.id,
        });
      }
      // Published posts cannot be deleted today; the purge still leaves no row of one behind.
      await markDeleted(gone.id, day(2));
      await markDeleted(kept.id, day(30));
      expect(await store().analytics.collectNow(owner.id, day(40))).toBe(2);

      expect(await purge(day(10))).toEqual({ posts: 1, mediaAssets: 0 });
      expect(await store().approvals.getLatestForPost(gone.id)).toBeNull();
      expect(await store().analytics.listSnapshots(gone.id)).toEqual([]);
      expect(await store().analytics.collectNow(owner.id, day(41))).toBe(1);
      expect(await store().approvals.getLatestForPost(kept.id)).not.toBeNull();
      expect(await store().analytics.listSnapshots(kept.id)).toHaveLength(1);
    });

    it('removes the copies made only for purged posts, with their storage and a media.deleted event', async () => {
      await setUp();
      const original = aMediaAsset(owner.id, { createdAt: T0 });
      const onlyCopy = aMediaAsset(owner.id, { createdAt: T0, sizeBytes: 1000 });
      const sharedCopy = aMediaAsset(owner.id, { createdAt: T0, sizeBytes: 2000 });
      const restorableCopy = aMediaAsset(owner.id, { createdAt: T0, sizeBytes: 3000 });
      // A copy the user later imported identical bytes of from a link: answered with the copy.
      const relinked = aMediaAsset(owner.id, { createdAt: T0, sizeBytes: 4000 });
      const imported = aMediaAsset(owner.id, {
        createdAt: T0,
        sizeBytes: 5000,
        sourceUrl: 'https://x.test/a.jpg',
      });
      for (const asset of [original, onlyCopy, sharedCopy, restorableCopy, relinked, imported])
        await addAsset(asset);
      const again = await store().media.addMediaAsset(aMediaAsset(owner.id, { blobKey: relinked.blobKey }), {
        storageLimitBytes: 10_000_000,
        sourceUrl: 'https://x.test/same-bytes.jpg',
      });
      expect(again).toMatchObject({ kind: 'existing', asset: { id: relinked.id } });
      const copyOf = (asset: MediaAsset) => ({
        kind: 'asset' as const,
        mediaId: asset.id,
        derivedFrom: original.id,
      });
      const purged = aPost(owner.id, account.id, {
        media: [
          copyOf(onlyCopy),
          copyOf(sharedCopy),
          copyOf(restorableCopy),
          copyOf(relinked),
          copyOf(imported),
        ],
      });
      await deleted(purged, day(1));
      await insert(aPost(owner.id, account.id, { media: [copyOf(sharedCopy)] }));
      await deleted(aPost(owner.id, account.id, { media: [copyOf(restorableCopy)] }), day(25));
      const usedBefore = await store().media.getStorageUsed(owner.id);

      expect(await purge(day(10))).toEqual({ posts: 1, mediaAssets: 1 });
      expect(await store().media.getMediaAsset(onlyCopy.id)).toBeNull();
      for (const asset of [original, sharedCopy, restorableCopy, relinked, imported]) {
        expect(await store().media.getMediaAsset(asset.id)).toEqual(asset);
      }
      expect(await store().media.getStorageUsed(owner.id)).toBe(usedBefore - onlyCopy.sizeBytes);
      const history = await store().events.historyOf(owner.id, onlyCopy.id, 10);
      expect(history.map((e) => [e.type, e.at])).toEqual([['media.deleted', day(40)]]);
    });
  });
}

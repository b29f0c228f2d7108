// The PostStore in memory: it stays whole (over 300 lines) because the idempotency map, the quota
// usage and the posts are private state that each script's small calls read and change together,
// without awaiting in between; the queries already live in memory-post-queries.ts.

import {
  type ApproveDraftTx,
  approveDraftScript,
  conflictOnLostApproval,
  type DraftApprovalStore,
  decidedApproval,
} from '../approvals/index.js';
import type { DomainEvent } from '../journal/index.js';
import { runScript } from '../kernel/index.js';
import {
  type ClaimRequest,
  changedOnLostWrite,
  claimDuePostsScript,
  type InsertPostsOutcome,
  insertPostsScript,
  type NewPostsBatch,
  type Post,
  type PostBatchTx,
  type PostClaimTx,
  type PostStore,
  type PostWriteTx,
  updatePostsScript,
} from '../posts/index.js';
import { SLOT_HOLDING_STATUSES } from '../queue/index.js';
import { copy, copyOrNull } from './memory-copy.js';
import { ownerKey } from './memory-owner-key.js';
import { type MemoryPurgeState, purgeMemoryPosts } from './memory-post-purge.js';
import {
  countPostsByStatusOf,
  listPostsOf,
  postsWithContentBetweenOf,
  upcomingPostsOf,
} from './memory-post-queries.js';
import { inMemoryTransaction, type Undo } from './memory-transaction.js';

/** What the memory post store reads and changes: the posts, and what approving and purging touch. */
export type MemoryPostSources = MemoryPurgeState & {
  readonly live: () => void;
};

/**
 * The PostStore of the memory store: inserts with idempotency, repeats and the quota, claims,
 * lists and the purge, each without awaiting in between, so atomic like the SQL transactions.
 */
export function createMemoryPostStore(sources: MemoryPostSources): PostStore & DraftApprovalStore {
  const { live, posts, approvals, append } = sources;
  const idempotency = new Map<string, { fingerprint: string; postIds: string[] }>();
  const quotaUsage = new Map<string, number>();
  const usageKey = (ownerId: string, windowStart: Date) => `${ownerId}\u0000${windowStart.getTime()}`;
  const postsById = (ids: readonly string[]) =>
    ids.flatMap((id) => (posts.has(id) ? [copy(posts.get(id) as Post)] : []));

  // The small calls of core's insertPostsScript; answered at once, so the script runs atomically.
  const batchTx: PostBatchTx = {
    lockOwner: () => {},
    earlierRequest: (ownerId, externalId) => {
      const earlier = idempotency.get(ownerKey(ownerId, externalId));
      return earlier === undefined ? null : { ...earlier, postIds: [...earlier.postIds] };
    },
    postsByIds: postsById,
    postsWithContent: (query) => postsWithContentBetweenOf(posts.values(), query).map(copy),
    scheduledTimesOf: (ownerId, accountId, from, to) =>
      [...posts.values()]
        .filter(
          (p) =>
            p.ownerId === ownerId &&
            p.deletedAt === null &&
            SLOT_HOLDING_STATUSES.includes(p.status) &&
            p.profileIds.includes(accountId) &&
            p.scheduledTime !== null &&
            p.scheduledTime.getTime() >= from.getTime() &&
            p.scheduledTime.getTime() < to.getTime(),
        )
        .map((p) => new Date((p.scheduledTime as Date).getTime())),
    quotaUsed: (ownerId, windowStart) => quotaUsage.get(usageKey(ownerId, windowStart)) ?? 0,
    insertPosts: (batch) => {
      const taken = batch.find((p) => posts.has(p.id));
      if (taken !== undefined) throw new Error(`Post ${taken.id} already exists.`);
      // The SQL stores' unique index on (recycled_from, recycle_number): copy k of a post exists once.
      const copyTaken = batch.find(
        (p) =>
          p.recycledFrom !== null &&
          [...posts.values()].some(
            (q) => q.recycledFrom === p.recycledFrom && q.recycleNumber === p.recycleNumber,
          ),
      );
      if (copyTaken !== undefined)
        throw new Error(`Copy ${copyTaken.recycleNumber} of post ${copyTaken.recycledFrom} already exists.`);
      for (const post of batch) posts.set(post.id, copy(post));
      return batch.map(copy);
    },
    addQuotaUsage: (ownerId, windowStart, count) => {
      const key = usageKey(ownerId, windowStart);
      quotaUsage.set(key, (quotaUsage.get(key) ?? 0) + count);
    },
    appendEvents: (events) => append(events),
    recordRequest: (ownerId, key, postIds, _at) => {
      idempotency.set(ownerKey(ownerId, key.externalId), {
        fingerprint: key.fingerprint,
        postIds: [...postIds],
      });
    },
  };

  const writePost = (post: Post, expectedVersion: number, events: readonly DomainEvent[]): Post | null => {
    const stored = posts.get(post.id);
    if (stored === undefined || stored.version !== expectedVersion) return null;
    const next = { ...copy(post), version: expectedVersion + 1 };
    posts.set(post.id, next);
    append(events);
    return copy(next);
  };

  // The small calls of core's claimDuePostsScript: the queue in the SQL stores' index order.
  const claimTx: PostClaimTx = {
    duePosts: (now, limit, passOver) =>
      [...posts.values()]
        .filter(
          (p) =>
            (p.status === 'scheduled' || p.status === 'publishing') &&
            p.deletedAt === null &&
            p.dueAt !== null &&
            p.dueAt.getTime() <= now.getTime() &&
            !passOver.includes(p.profileIds[0] ?? ''),
        )
        .sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(copy),
    writePost,
  };

  // The compare-and-set of a script that may throw after it (updatePosts, approveDraft): undone
  // if it does, and its events held back until the script has returned, as a rolled-back
  // transaction leaves neither the rows nor the journal changed.
  const transaction = <R>(run: (tx: PostWriteTx, undo: Undo[]) => R): R => {
    const held: DomainEvent[] = [];
    const result = inMemoryTransaction((undo) =>
      run(
        {
          writePost: (post, expectedVersion, events) => {
            const before = posts.get(post.id);
            const stored = writePost(post, expectedVersion, []);
            if (stored !== null && before !== undefined) {
              undo.push(() => posts.set(post.id, before));
              held.push(...events);
            }
            return stored;
          },
        },
        undo,
      ),
    );
    append(held);
    return result;
  };

  // The small calls of core's approveDraftScript: the batch's, the draft's and the approval's.
  const approveTx = (write: PostWriteTx, undo: Undo[]): ApproveDraftTx => ({
    ...batchTx,
    ...write,
    decideApproval: (id, decision) => {
      const approval = approvals.peek(id);
      const decided = approval === undefined ? null : decidedApproval(approval, decision);
      if (approval === undefined || decided === null) return null;
      approvals.put(decided);
      undo.push(() => approvals.put(approval));
      return copy(decided);
    },
  });

  return {
    async insertPosts(batch: NewPostsBatch): Promise<InsertPostsOutcome> {
      live();
      return runScript(insertPostsScript(batch), batchTx);
    },
    async quotaUsed(ownerId, windowStart) {
      live();
      return quotaUsage.get(usageKey(ownerId, windowStart)) ?? 0;
    },
    async approveDraft(batch) {
      live();
      try {
        return transaction((write, undo) => runScript(approveDraftScript(batch), approveTx(write, undo)));
      } catch (error) {
        return conflictOnLostApproval(error);
      }
    },
    async findByExternalId(ownerId, externalId) {
      live();
      const earlier = idempotency.get(ownerKey(ownerId, externalId));
      return earlier === undefined
        ? null
        : { fingerprint: earlier.fingerprint, posts: postsById(earlier.postIds) };
    },
    async getPost(id) {
      live();
      return copyOrNull(posts.get(id));
    },
    async updatePost(post, expectedVersion, events = []) {
      live();
      return writePost(post, expectedVersion, events);
    },
    async updatePosts(writes) {
      live();
      try {
        return {
          kind: 'written',
          posts: transaction((write) => runScript(updatePostsScript(writes), write)),
        };
      } catch (error) {
        return changedOnLostWrite(error);
      }
    },
    async postsOfGroup(ownerId, groupId) {
      live();
      return [...posts.values()]
        .filter((p) => p.ownerId === ownerId && p.groupId === groupId && p.deletedAt === null)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map(copy);
    },
    async claimDuePosts(request: ClaimRequest) {
      live();
      return runScript(claimDuePostsScript(request), claimTx);
    },
    async nextDueAt() {
      live();
      let earliest: Date | null = null;
      for (const p of posts.values()) {
        if (
          (p.status === 'scheduled' || p.status === 'publishing') &&
          p.deletedAt === null &&
          p.dueAt !== null
        ) {
          if (earliest === null || p.dueAt.getTime() < earliest.getTime()) earliest = p.dueAt;
        }
      }
      return earliest === null ? null : new Date(earliest);
    },
    async queueDepth(now) {
      live();
      let due = 0;
      let upcoming = 0;
      for (const p of posts.values()) {
        if ((p.status !== 'scheduled' && p.status !== 'publishing') || p.deletedAt !== null) continue;
        if (p.dueAt === null) continue;
        if (p.dueAt.getTime() <= now.getTime()) due += 1;
        else upcoming += 1;
      }
      return { due, upcoming };
    },
    async listPosts(query) {
      live();
      const page = listPostsOf(posts.values(), query);
      return { posts: page.posts.map(copy), next: page.next };
    },
    async postsScheduledBetween(ownerId, from, to, limit) {
      live();
      return [...posts.values()]
        .filter(
          (p) =>
            p.ownerId === ownerId &&
            p.deletedAt === null &&
            p.scheduledTime !== null &&
            p.scheduledTime >= from &&
            p.scheduledTime < to,
        )
        .sort(
          (a, b) =>
            (a.scheduledTime?.getTime() ?? 0) - (b.scheduledTime?.getTime() ?? 0) || (a.id < b.id ? -1 : 1),
        )
        .slice(0, limit)
        .map(copy);
    },
    async purgeDeletedPosts(request) {
      live();
      return purgeMemoryPosts(sources, request);
    },
    async evergreenPosts(afterId, limit) {
      live();
      return [...posts.values()]
        .filter(
          (p) =>
            p.evergreen !== null &&
            p.status === 'posted' &&
            p.deletedAt === null &&
            (afterId === null || p.id > afterId),
        )
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(copy);
    },
    async recycledCopiesOf(originalId) {
      live();
      return [...posts.values()]
        .filter((p) => p.recycledFrom === originalId)
        .sort((a, b) => (a.recycleNumber ?? 0) - (b.recycleNumber ?? 0))
        .map(copy);
    },
    async listDeletedPosts(ownerId, deletedAfter, limit) {
      live();
      return [...posts.values()]
        .filter((p) => p.ownerId === ownerId && p.deletedAt !== null && p.deletedAt > deletedAfter)
        .sort(
          (a, b) => (b.deletedAt?.getTime() ?? 0) - (a.deletedAt?.getTime() ?? 0) || (a.id < b.id ? 1 : -1),
        )
        .slice(0, limit)
        .map(copy);
    },
    async countPostsByStatus(ownerId, accountIds) {
      live();
      return countPostsByStatusOf(posts.values(), ownerId, accountIds);
    },
    async upcomingPosts(ownerId, accountIds, after, limit) {
      live();
      return upcomingPostsOf(posts.values(), ownerId, accountIds, after, limit).map(copy);
    },
    async postsWithContentBetween(query) {
      live();
      return postsWithContentBetweenOf(posts.values(), query).map(copy);
    },
  };
}

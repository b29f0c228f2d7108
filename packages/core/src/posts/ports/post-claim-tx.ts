import type { Post } from '../post.js';
import type { PostWriteTx } from './post-write-tx.js';

/** The small calls a store answers inside the transaction of a claim (core's `claimDuePostsScript`). */
export type PostClaimTx = PostWriteTx & {
  /**
   * Due posts of the publisher's queue at `now`, oldest `dueAt` first (id breaks ties), at most
   * `limit`, held against other claims until the transaction ends (a lock, or a row lock that
   * other claims skip). Posts whose account (`profileIds[0]`, '' when none) is in `passOver` are
   * left out in the query itself: they are the claimer's busy accounts, and when one account's
   * backlog sits at the head of the queue, reading and dropping its posts would starve the others.
   */
  duePosts(now: Date, limit: number, passOver: readonly string[]): Post[];
};

import type { Post } from '../post.js';
import type { PostWriteTx } from './post-write-tx.js';

/** The small calls a store answers inside the transaction of a claim (core's `claimDuePostsScript`). */
export type PostClaimTx = PostWriteTx & {
  /**
   * Due posts of the publisher's queue at `now`, oldest `dueAt` first (id breaks ties), at most
   * `limit`, held against other claims until the transaction ends (a lock, or a row lock that
   * other claims skip).
   */
  duePosts(now: Date, limit: number): Post[];
};

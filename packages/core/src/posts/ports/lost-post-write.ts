import type { UpdatePostsOutcome } from './post-store.js';

/**
 * Thrown by a SQL store inside the transaction of `updatePosts` when one post's compare-and-set
 * finds another version, so the transaction rolls back the writes made before it;
 * `changedOnLostWrite` turns it into the answer.
 */
export class LostPostWrite extends Error {
  /** The post that changed since it was read. */
  readonly postId: string;
  constructor(postId: string) {
    super(`Post ${postId} changed since it was read.`);
    this.postId = postId;
  }
}

/** The `changed` answer of a rolled-back `updatePosts`; any other error is a fault and rethrown. */
export function changedOnLostWrite(error: unknown): UpdatePostsOutcome {
  if (error instanceof LostPostWrite) return { kind: 'changed', postId: error.postId };
  throw error;
}

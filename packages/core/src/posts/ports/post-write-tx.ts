import type { DomainEvent } from '../../journal/index.js';
import type { Post } from '../post.js';

/** The small call every script that changes a post already read makes (claims, approvals). */
export type PostWriteTx = {
  /**
   * Compare-and-set: writes `post` (version bumped) if its stored version is still
   * `expectedVersion`, appending `events` with it; the stored post, or null when someone changed it
   * first (nothing written, no events). `before`: the post as read, as in `PostStore.updatePost`.
   */
  writePost(post: Post, expectedVersion: number, events: readonly DomainEvent[], before?: Post): Post | null;
};

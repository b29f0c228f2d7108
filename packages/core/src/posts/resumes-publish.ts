import type { Post } from './post.js';

/**
 * Whether claiming `post` takes up a publish handed back while the platform worked (a
 * `record_progress` with `release`): it is `publishing` with no lease owner.
 */
export function resumesPublish(post: Post): boolean {
  return post.status === 'publishing' && post.leaseOwner === null;
}

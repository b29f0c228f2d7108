import type { Platform } from '../kernel/index.js';
import type { Post } from './post.js';

/** The platforms whose adapters post a first comment (docs/posts.md, "First comment"). */
export const FIRST_COMMENT_PLATFORMS: readonly Platform[] = ['instagram', 'facebook', 'threads', 'youtube'];

/**
 * The post's first comment for its platform (`platformMeta.<platform>.firstComment`), or null
 * when it has none, or its platform takes none.
 */
export function firstCommentText(post: Pick<Post, 'platforms' | 'platformMeta'>): string | null {
  const platform = post.platforms[0];
  if (platform === undefined || !FIRST_COMMENT_PLATFORMS.includes(platform)) return null;
  const entry = post.platformMeta?.[platform] as Readonly<Record<string, unknown>> | undefined;
  const text = entry?.firstComment;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

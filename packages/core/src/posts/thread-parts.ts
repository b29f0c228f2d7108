import type { Post } from './post.js';

/** One part of a Threads reply chain (`platformMeta.threads.thread[i]`, contract.md). */
export type ThreadPart = { readonly caption: string; readonly mediaIds: readonly string[] };

/**
 * The reply chain a Threads post publishes under itself, in order; empty on other platforms and
 * on posts without one. Reads what the policy accepted, so malformed entries are skipped rather
 * than thrown on.
 */
export function threadPartsOf(post: Pick<Post, 'platforms' | 'platformMeta'>): ThreadPart[] {
  if (post.platforms[0] !== 'threads') return [];
  return threadPartsIn(post.platformMeta);
}

/** The chain's parts as given in a request's `platformMeta`, whatever the targets. */
export function threadPartsIn(
  platformMeta: Readonly<Record<string, unknown>> | null | undefined,
): ThreadPart[] {
  const threads = platformMeta?.threads as Readonly<Record<string, unknown>> | undefined;
  const thread = threads?.thread;
  if (!Array.isArray(thread)) return [];
  return thread.flatMap((part: unknown) => {
    if (part === null || typeof part !== 'object') return [];
    const { caption, mediaIds } = part as Readonly<Record<string, unknown>>;
    if (typeof caption !== 'string') return [];
    const ids = Array.isArray(mediaIds) ? mediaIds.filter((id): id is string => typeof id === 'string') : [];
    return [{ caption, mediaIds: ids }];
  });
}

/** Who may reply to the post and its chain (`platformMeta.threads.replyControl`), or null. */
export function threadsReplyControl(post: Pick<Post, 'platformMeta'>): string | null {
  const threads = post.platformMeta?.threads as Readonly<Record<string, unknown>> | undefined;
  const control = threads?.replyControl;
  return typeof control === 'string' ? control : null;
}

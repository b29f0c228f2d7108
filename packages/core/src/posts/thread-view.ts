import { z } from 'zod';
import { firstCommentViewSchema } from './first-comment-view.js';
import type { Post, PublishProgress } from './post.js';
import { threadPartsOf } from './thread-parts.js';

/**
 * What the post's answer says of one part of its Threads reply chain (docs/posts.md): a first
 * comment's outcome, with the part's link.
 */
export const threadPartViewSchema = firstCommentViewSchema.extend({
  status: firstCommentViewSchema.shape.status.describe(
    '`pending` until the part is published; then `posted`, `failed` (the post stays published) or `skipped` (not attempted: an earlier part failed, or the post itself did).',
  ),
  id: z.string().nullable().describe("The platform's id of the part, once posted."),
  permalink: z.string().nullable().describe("The part's public link, once posted."),
});

/** One part of a chain as the post's answer shows it. */
export type ThreadPartView = z.infer<typeof threadPartViewSchema>;

/** The chain in the post's answer: one entry per part, in order. */
export const threadViewSchema = z
  .array(threadPartViewSchema)
  .describe(
    'The outcome of each part of `platformMeta.threads.thread`, in order, published as a reply chain under the post once it is live. Null when the post has none.',
  );

/**
 * A part's state as the publisher saves it in `publishProgress.thread` (no migration: the
 * progress outlives the publish). `step` holds the part's own publish handles (its containers).
 */
export const threadPartStateSchema = threadPartViewSchema.extend({
  tries: z.number().int().nonnegative(),
  step: z.record(z.string(), z.json()),
});

/** A part's saved state. */
export type ThreadPartState = z.infer<typeof threadPartStateSchema>;

/** Where the chain's state lives in `publishProgress`. */
export const THREAD_PROGRESS_KEY = 'thread';

/** The chain's saved states, one per part; fresh `pending` ones when none (or another chain's) is saved. */
export function threadStatesOf(progress: PublishProgress | null, parts: number): ThreadPartState[] {
  const saved = z.array(threadPartStateSchema).safeParse(progress?.[THREAD_PROGRESS_KEY]);
  if (saved.success && saved.data.length === parts) return saved.data;
  return Array.from({ length: parts }, () => ({
    status: 'pending' as const,
    id: null,
    permalink: null,
    error: null,
    tries: 0,
    step: {},
  }));
}

/**
 * The chain as callers see it: each part's saved outcome, `pending` while the post or the part
 * waits, `skipped` on a post that failed (its chain went with it); null without a chain.
 */
export function threadView(post: Post): ThreadPartView[] | null {
  const parts = threadPartsOf(post).length;
  if (parts === 0) return null;
  return threadStatesOf(post.publishProgress, parts).map(({ status, id, permalink, error }) => {
    if (status === 'pending' && post.status === 'failed') {
      return { status: 'skipped', id: null, permalink: null, error: 'The post was not published.' };
    }
    return { status, id, permalink, error };
  });
}

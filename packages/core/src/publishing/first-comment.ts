import { z } from 'zod';
import type { ConnectedAccount } from '../accounts/index.js';
import type { FirstCommentOutcome, PublishProgress } from '../posts/index.js';
import type { PublishStep } from './publish-step.js';

/**
 * Tries of a first comment that failed for a passing reason (rate limit, 5xx, timeout) before it
 * is given up as failed: the post is live, so it is never held back long for its comment.
 */
export const FIRST_COMMENT_MAX_TRIES = 3;

/** What a first comment is posted with. `targetId` is the platform's id of the live post. */
export type FirstCommentJob = {
  readonly account: ConnectedAccount;
  readonly credentials: Readonly<Record<string, unknown>>;
  readonly targetId: string;
  readonly text: string;
};

/** The platform's answer to posting a first comment. */
export type FirstCommentAnswer =
  | { readonly kind: 'posted'; readonly commentId: string }
  /** A passing failure; the comment may or may not have been made (a lost answer). */
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string }
  /** Refused for good: the reason says why, in words a person acts on. */
  | { readonly kind: 'failed'; readonly reason: string }
  /** Not attempted: the account cannot comment (a scope it was not granted). */
  | { readonly kind: 'skipped'; readonly reason: string };

/** Whether the account already commented the text under the post (after a lost answer). */
export type FirstCommentLookup =
  | { readonly kind: 'found'; readonly commentId: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'retry'; readonly afterMs: number; readonly reason: string };

/** The first-comment part of a platform's gateway. Never rejects: faults come back as `retry`. */
export type FirstComments = {
  post(job: FirstCommentJob): Promise<FirstCommentAnswer>;
  /** Looks for the account's own comment with exactly `job.text` under the post, made since `since`. */
  find(job: FirstCommentJob & { readonly since: Date }): Promise<FirstCommentLookup>;
};

// The publish's result, saved in `publishProgress` once the post is live, so that a resumed
// publish goes on with its chain and comment and never takes a publish step again.
const publishedSchema = z.object({
  platformPostId: z.string().min(1),
  permalink: z.string().nullable(),
  warning: z.string().nullable(),
});

/** The live post as saved by `withPublished`; null while the publish itself is not done. */
export type SavedPublish = z.infer<typeof publishedSchema>;

const PUBLISHED = 'published';
const MARK = 'firstCommentStartedAt';
const TRIES = 'firstCommentTries';

/** The saved publish of a post whose first comment is under way; null before the post is live. */
export function savedPublishOf(progress: PublishProgress | null): SavedPublish | null {
  const parsed = publishedSchema.safeParse(progress?.[PUBLISHED]);
  return parsed.success ? parsed.data : null;
}

/** The step that records a live post before its first comment: its id and link are kept. */
export function withPublished(
  progress: PublishProgress | null,
  step: Extract<PublishStep, { kind: 'published' }>,
): PublishStep {
  const saved: SavedPublish = {
    platformPostId: step.platformPostId,
    permalink: step.permalink,
    warning: step.warning ?? null,
  };
  return { kind: 'progress', progress: { ...(progress ?? {}), [PUBLISHED]: saved } };
}

/**
 * When the comment was last about to be sent (an ISO time), or null: a mark means an earlier
 * send may have gone through, so the platform is asked before sending again.
 */
export function firstCommentMark(progress: PublishProgress | null): string | null {
  const mark = progress?.[MARK];
  return typeof mark === 'string' ? mark : null;
}

/** The step that marks the comment as about to be sent, saved before the send. */
export function markFirstComment(progress: PublishProgress | null, now: Date): PublishStep {
  return { kind: 'progress', progress: { ...(progress ?? {}), [MARK]: now.toISOString() } };
}

/** The post is done: published, with the comment's outcome when it had one. */
export function publishedWith(saved: SavedPublish, outcome?: FirstCommentOutcome): PublishStep {
  return {
    kind: 'published',
    platformPostId: saved.platformPostId,
    permalink: saved.permalink,
    ...(saved.warning === null ? {} : { warning: saved.warning }),
    ...(outcome === undefined ? {} : { firstComment: outcome }),
  };
}

/**
 * The step after an answer about the comment: done (posted, failed, skipped), or, after a passing
 * failure, another try after the platform's wait, up to `FIRST_COMMENT_MAX_TRIES`; then it is
 * failed with the last reason. The post itself is published whatever the comment's fate.
 */
export function afterFirstComment(
  progress: PublishProgress | null,
  saved: SavedPublish,
  answer: FirstCommentAnswer | Extract<FirstCommentLookup, { kind: 'retry' }>,
): PublishStep {
  switch (answer.kind) {
    case 'posted':
      return publishedWith(saved, { status: 'posted', id: answer.commentId, error: null });
    case 'failed':
      return publishedWith(saved, { status: 'failed', id: null, error: answer.reason });
    case 'skipped':
      return publishedWith(saved, { status: 'skipped', id: null, error: answer.reason });
    case 'retry': {
      const tries = (typeof progress?.[TRIES] === 'number' ? (progress[TRIES] as number) : 0) + 1;
      if (tries >= FIRST_COMMENT_MAX_TRIES) {
        return publishedWith(saved, {
          status: 'failed',
          id: null,
          error: `${answer.reason} (gave up after ${tries} tries)`,
        });
      }
      return { kind: 'progress', progress: { ...(progress ?? {}), [TRIES]: tries }, waitMs: answer.afterMs };
    }
  }
}

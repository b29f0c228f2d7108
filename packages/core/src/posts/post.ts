import { z } from 'zod';
import { POST_STATUSES, platformSchema } from '../kernel/index.js';
import { mediaRefSchema } from '../media/index.js';
import { platformMetaSchema } from '../policy/index.js';
import { evergreenRuleSchema } from '../queue/index.js';

/**
 * What became of a post's first comment (`platformMeta.<platform>.firstComment`), recorded when the
 * post is published: `posted` with the platform's comment id, `failed` with the reason, or
 * `skipped` with why it was not attempted (a scope the account lacks). The post is published
 * whatever its comment's fate.
 */
export const firstCommentOutcomeSchema = z.object({
  status: z.enum(['posted', 'failed', 'skipped']),
  id: z.string().nullable(),
  error: z.string().nullable(),
});

/** What became of a post's first comment. */
export type FirstCommentOutcome = z.infer<typeof firstCommentOutcomeSchema>;

/**
 * A post row. Posts created from a request fan out to one row per target account, so a row in
 * `scheduled`, `publishing`, `posted` or `failed` has exactly one platform and one profile id.
 */
export const postSchema = z.object({
  id: z.string().min(1),
  /** The user who owns the post. */
  ownerId: z.string().min(1),
  /**
   * The rows made together (one compose, one REST request, one tool call, one bulk row) share it,
   * so a post across platforms can be read, moved, edited and deleted as one thing. Null on rows
   * made before groups existed (migration 0027): each of those is a post of its own.
   */
  groupId: z.string().min(1).nullable(),
  status: z.enum(POST_STATUSES),
  caption: z.string(),
  title: z.string().nullable(),
  platforms: z.array(platformSchema),
  profileIds: z.array(z.string()),
  /** Slides in published order. */
  media: z.array(mediaRefSchema),
  /** When the post is meant to go out; null only for drafts that have no time yet. */
  scheduledTime: z.date().nullable(),
  publishedAt: z.date().nullable(),
  failedReason: z.string().nullable(),
  externalId: z.string().nullable(),
  permalink: z.string().nullable(),
  platformMeta: platformMetaSchema.nullable(),
  category: z.string().nullable(),
  /** A label for the post; drafts carry the `name` they were saved with (spec 4.2 `svc_draft_post`). */
  name: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** Publish attempts started so far (claims). */
  attempts: z.number().int().nonnegative(),
  /**
   * When the publisher should next pick the post up: its scheduled time, the time of a retry
   * after a transient failure, or, while `publishing`, the end of the current lease (after which
   * another publisher may take it over). Null when no publisher work is pending.
   */
  dueAt: z.date().nullable(),
  /** The publisher holding the lease while `publishing`. */
  leaseOwner: z.string().nullable(),
  /** The platform's id of the published post. */
  platformPostId: z.string().nullable(),
  /**
   * What the platform did differently from what was asked, in words, on a post that was published
   * anyway (a YouTube upload locked to private); null when it did as asked. Cleared when the post is
   * edited or retried.
   */
  warning: z.string().nullable(),
  /**
   * The outcome of the post's first comment, set with `posted` (migration 0034); null before, and
   * on posts without one. Cleared when the post is edited or retried.
   */
  firstComment: firstCommentOutcomeSchema.nullable(),
  /**
   * Platform handles of a multi-step publish (container id, upload session, publish id), saved
   * after each step so a publisher that restarts resumes the same publish instead of posting twice.
   * Plain JSON only: stores keep it as JSON text.
   */
  publishProgress: z.record(z.string(), z.json()).nullable(),
  /** Set when the post is soft-deleted; restorable for 30 days. */
  deletedAt: z.date().nullable(),
  /**
   * The post's evergreen rule (docs/queue.md, "Evergreen recycling"): copies of it re-enter its
   * account's queue. Null on other posts, and on copies (the rule stays with the original).
   */
  evergreen: evergreenRuleSchema.required().nullable(),
  /** On a recycled copy, the evergreen post it copies; null otherwise. */
  recycledFrom: z.string().min(1).nullable(),
  /** On a recycled copy, its number (1 for the first): unique per original in every store. */
  recycleNumber: z.number().int().positive().nullable(),
  /**
   * On an evergreen post, when the recycling sweep last skipped a period without a copy (no slots,
   * analytics missing or not above the median): the next period counts from it. Null otherwise.
   */
  recycleSkippedAt: z.date().nullable(),
  /**
   * A draft saved for the queue (docs/queue.md, "Queued drafts"): approved, each of its rows takes
   * its account's next free posting slot instead of a time. False on every other post: approval
   * clears it, as does giving the draft a time.
   */
  queued: z.boolean(),
  /** Incremented on every write; stores use it for compare-and-set updates. */
  version: z.number().int().nonnegative(),
});

/** A post row. */
export type Post = z.infer<typeof postSchema>;

/** Platform handles of a multi-step publish, as stored on a post. */
export type PublishProgress = NonNullable<Post['publishProgress']>;

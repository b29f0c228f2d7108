// What can happen to a post (the input of the post state machine's `transition`) and the state
// it starts from. The journal's events are elsewhere (post-events.ts builds those).
import type { Platform, PostStatus } from '../kernel/index.js';
import type { MediaRef } from '../media/index.js';
import type { EvergreenRule } from '../queue/index.js';
import type { FirstCommentOutcome, PublishProgress } from './post.js';

/** The state a transition starts from: the post's status, or `deleted` when soft-deleted. */
export type PostState = PostStatus | 'deleted';

/** Replacement values of an edit; absent fields stay as they are. */
export type PostEdit = {
  readonly caption?: string;
  /** The new title; null removes it. */
  readonly title?: string | null;
  readonly scheduledTime?: Date;
  readonly targets?: { readonly platforms: readonly Platform[]; readonly profileIds: readonly string[] };
  readonly media?: readonly MediaRef[];
  /** The new evergreen rule (docs/queue.md); null removes it. */
  readonly evergreen?: EvergreenRule | null;
};

/** Replacement values of a draft's revision: an edit's, and a draft's time may also be removed. */
export type DraftRevision = Omit<PostEdit, 'scheduledTime'> & {
  /** When the post goes out once approved; null: at the next publisher run after the approval. */
  readonly scheduledTime?: Date | null;
};

/** Something that happens to a post. `at` is when it happens and becomes `updatedAt`. */
export type PostEvent =
  | { readonly type: 'request_approval'; readonly at: Date }
  | { readonly type: 'approve'; readonly at: Date; readonly scheduledTime: Date }
  | { readonly type: 'reject'; readonly at: Date }
  | { readonly type: 'edit'; readonly at: Date; readonly changes: PostEdit }
  | { readonly type: 'revise'; readonly at: Date; readonly changes: DraftRevision }
  | { readonly type: 'claim'; readonly at: Date; readonly leaseOwner: string; readonly leaseUntil: Date }
  | {
      readonly type: 'succeed';
      readonly at: Date;
      readonly leaseOwner: string;
      readonly platformPostId: string;
      readonly permalink: string | null;
      /** What the platform did differently from what was asked (the post's `warning`); absent: nothing. */
      readonly warning?: string | null;
      /** The platform holds the public id back for now (`PublishStep` `publicIdPending`). */
      readonly publicIdPending?: boolean;
      /** What became of the post's first comment; absent: it has none. */
      readonly firstComment?: FirstCommentOutcome | null;
    }
  /**
   * A posted post's public id arrived after it was recorded posted (TikTok's moderation): its
   * platform id and link are filled in. Only once: a post that has its link keeps it.
   */
  | {
      readonly type: 'reveal_public_id';
      readonly at: Date;
      readonly platformPostId: string;
      readonly permalink: string | null;
    }
  | {
      readonly type: 'record_progress';
      readonly at: Date;
      readonly leaseOwner: string;
      readonly progress: PublishProgress;
      readonly leaseUntil: Date;
      /**
       * Hands the post back while the platform works: it stays `publishing` with no lease owner,
       * due again at `leaseUntil`, and whoever claims it then resumes without a new attempt.
       */
      readonly release?: boolean;
    }
  | { readonly type: 'fail'; readonly at: Date; readonly leaseOwner: string; readonly reason: string }
  | {
      readonly type: 'retry_later';
      readonly at: Date;
      readonly leaseOwner: string;
      readonly retryAt: Date;
      /** False for a deferral that is nobody's fault (a platform quota): the claim is not counted. */
      readonly countsAsAttempt?: boolean;
      /** Why, for the journal. */
      readonly reason?: string;
    }
  | { readonly type: 'delete'; readonly at: Date }
  | { readonly type: 'restore'; readonly at: Date }
  /** A person asks for a failed post to be published again, at `scheduledTime`. */
  | { readonly type: 'retry'; readonly at: Date; readonly scheduledTime: Date };

/** The kind of a post event. */
export type PostEventType = PostEvent['type'];

import { err, ok, type Result, ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import {
  DEFAULT_TIME_ZONE,
  planHolderOf,
  REVIEW_LINK_CREDENTIAL_PREFIX,
  workspaceOperator,
} from '../../identity/index.js';
import { actedBy, type DomainEvent, type EventActor } from '../../journal/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import {
  getThumbnail,
  type MediaAsset,
  type ThumbnailAnswer,
  type ThumbnailSize,
} from '../../media/index.js';
import { type CreatePostsDeps, type Post, transition } from '../../posts/index.js';
import {
  REVIEW_LINK_TOKEN,
  REVIEW_NOTE_MAX_CHARS,
  REVIEWER_NAME_MAX_CHARS,
  type ReviewLink,
  type ReviewLinkDecision,
  type ReviewLinkState,
  reviewLinkActor,
  reviewLinkEventActor,
} from '../review-link.js';
import { decideApproval } from './decide-approval.js';
import { linkRefusal, linkStanding } from './link-standing.js';

/** One post of a link as its client sees it, with what was decided through the link, if anything. */
export type ReviewItem = {
  readonly post: Post;
  /** The post's own library assets, in slide order (a slide given by address has none). */
  readonly slides: readonly MediaAsset[];
  readonly decision: ReviewLinkDecision | null;
};

/** What a link's page shows: the link, where it stands, and its posts. */
export type ReviewView = {
  readonly link: ReviewLink;
  readonly state: ReviewLinkState;
  readonly items: readonly ReviewItem[];
  /** No post waits for a decision: the link is used up, or each post it still shows is decided. */
  readonly finished: boolean;
  /** The link owner's time zone, in which the client reads every time (UTC when they set none). */
  readonly timeZone: string;
};

/**
 * Opens a review link by its token (the client's first visit): the link when the token matches
 * and the link is open, recorded in the journal (`review_link.opened`); else why not. The edge
 * then holds the link's id in a short-lived review session instead of the token.
 */
export function openReviewLink(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'keyHasher'>,
  token: string,
): ResultAsync<ReviewLink, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<ReviewLink, SvcError>> => {
      const found = await REVIEW_LINK_TOKEN.find(token, deps.keyHasher, (id) =>
        deps.store.reviewLinks.getReviewLink(id),
      );
      const now = deps.clock.now();
      const opened = await linkStanding(deps, found, now);
      if (opened.isErr()) return err(opened.error);
      const { link, state } = opened.value;
      if (state !== 'open') return err(linkRefusal(link, state));
      await deps.store.reviewLinks.recordReviewEvents([
        {
          type: 'review_link.opened',
          at: now,
          ownerId: link.ownerId,
          subjectId: link.id,
          data: { linkId: link.id, posts: link.postIds.length },
          actor: reviewLinkEventActor(link.id, null),
        },
      ]);
      return ok(link);
    })(),
  );
}

/**
 * What a review session shows (`linkId` from the session, never from the client): the link's own
 * posts of its owner, nothing else. Refused once the link is revoked or expired; a used-up link
 * still shows what was decided.
 */
export function reviewView(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  linkId: string,
): ResultAsync<ReviewView, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<ReviewView, SvcError>> => {
      const session = await linkStanding(
        deps,
        await deps.store.reviewLinks.getReviewLink(linkId),
        deps.clock.now(),
      );
      if (session.isErr()) return err(session.error);
      const { link, decisions, state } = session.value;
      if (state === 'revoked' || state === 'expired') return err(linkRefusal(link, state));
      const items: ReviewItem[] = [];
      for (const id of link.postIds) {
        const post = await linkPost(deps, link, id);
        if (post === null) continue;
        const ids = post.media.flatMap((m) => (m.kind === 'asset' ? [m.mediaId] : []));
        const assets = ids.length === 0 ? [] : await deps.store.media.getMediaAssets(ids);
        const slides = ids.flatMap((mediaId) =>
          assets.filter((a) => a.id === mediaId && a.ownerId === link.ownerId).slice(0, 1),
        );
        items.push({ post, slides, decision: decisions.find((d) => d.postId === id) ?? null });
      }
      const owner = await deps.store.users.getUser(link.ownerId);
      return ok({
        link,
        state,
        items,
        finished: state === 'used_up' || items.every((item) => item.decision !== null),
        timeZone: owner?.timeZone ?? DEFAULT_TIME_ZONE,
      });
    })(),
  );
}

// A post of the link, still the link owner's and not deleted; null otherwise.
async function linkPost(
  deps: Pick<CoreDeps, 'store'>,
  link: ReviewLink,
  postId: string,
): Promise<Post | null> {
  if (!link.postIds.includes(postId)) return null;
  const post = await deps.store.posts.getPost(postId);
  return post === null || post.ownerId !== link.ownerId || post.deletedAt !== null ? null : post;
}

/** A client's decision on one post of the link. */
export type ReviewDecisionInput = {
  readonly postId: string;
  readonly approve: boolean;
  readonly note?: string | null;
  /** The name the client typed, recorded with the decision. */
  readonly reviewerName?: string | null;
};

/**
 * Decides one post of an open link, once (docs/teams.md, "Review links"). A draft awaiting
 * approval is decided by `decideApproval`, the one approval rule: approved, it is scheduled at
 * its time (or into the queue when it was queued); rejected, it is a draft again with the note.
 * A scheduled post approved stays as it is; rejected, it goes back to draft (no longer due) with
 * the note in the link's record. Either way the decision is recorded against the link and
 * journalled (`review_link.decided`, and the post's own events carry `decidedBy`).
 */
export function decideThroughReviewLink(
  deps: CreatePostsDeps,
  linkId: string,
  input: ReviewDecisionInput,
): ResultAsync<ReviewLinkDecision, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<ReviewLinkDecision, SvcError>> => {
      const now = deps.clock.now();
      const session = await linkStanding(deps, await deps.store.reviewLinks.getReviewLink(linkId), now);
      if (session.isErr()) return err(session.error);
      const { link, decisions, state } = session.value;
      if (state !== 'open') return err(linkRefusal(link, state));
      const post = await linkPost(deps, link, input.postId);
      if (post === null)
        return err(svcError('post_not_found', `Post ${input.postId} is not one of this link's.`));
      if (decisions.some((d) => d.postId === post.id)) {
        return err(decidedAlready(post.id));
      }
      const note = input.note?.trim().slice(0, REVIEW_NOTE_MAX_CHARS) || null;
      const reviewerName = input.reviewerName?.trim().slice(0, REVIEWER_NAME_MAX_CHARS) || null;
      const decidedBy = reviewLinkActor(link.id, reviewerName);
      const by = reviewLinkEventActor(link.id, reviewerName);
      const applied = await applyDecision(deps, post, input.approve, note, { decidedBy, by }, now);
      if (applied.isErr()) return err(applied.error);
      const decision: ReviewLinkDecision = {
        linkId: link.id,
        postId: post.id,
        approved: input.approve,
        note,
        reviewerName,
        decidedAt: now,
      };
      const event: DomainEvent = {
        type: 'review_link.decided',
        at: now,
        ownerId: link.ownerId,
        subjectId: post.id,
        data: {
          linkId: link.id,
          decision: input.approve ? 'approved' : 'rejected',
          reviewer: reviewerName,
          decidedBy,
        },
        actor: by,
      };
      const recorded = await deps.store.reviewLinks.recordReviewDecision(decision, [event]);
      if (!recorded) {
        return err(decidedAlready(post.id));
      }
      return ok(decision);
    })(),
  );
}

async function applyDecision(
  deps: CreatePostsDeps,
  post: Post,
  approve: boolean,
  note: string | null,
  { decidedBy, by }: { readonly decidedBy: string; readonly by: EventActor },
  now: Date,
): Promise<Result<void, SvcError>> {
  if (post.status === 'pending_approval') {
    const decided = await decideApproval(deps, { id: post.id, approve, note, decidedBy, actor: by });
    return decided.isErr() ? err(decided.error) : ok(undefined);
  }
  if (post.status !== 'scheduled') {
    return err(
      svcError('invalid_post_state', `Post ${post.id} is ${post.status} now and can no longer be decided.`, {
        postId: post.id,
        status: post.status,
      }),
    );
  }
  // Approving a scheduled post confirms it as it stands: nothing to change.
  if (approve) return ok(undefined);
  const moved = transition(post, { type: 'reject', at: now });
  if (moved.isErr()) return err(moved.error);
  // The note stays in the link's record: the journal keeps small flat events, not people's words.
  const events = actedBy(
    by,
    moved.value.events.map((e) => ({ ...e, data: { ...e.data, decidedBy } })),
  );
  const stored = await deps.store.posts.updatePost(moved.value.post, post.version, events);
  if (stored === null) {
    return err(
      svcError(
        'invalid_post_state',
        `Post ${post.id} was changed by someone else just now. Reload and try again.`,
        {
          postId: post.id,
        },
      ),
    );
  }
  return ok(undefined);
}

/**
 * The thumbnail of an image of one of an open link's posts, for its page: any other asset, and
 * every asset once the link is revoked or expired, answers `media_asset_not_found`. Read as the
 * link's owner with `post:read` only.
 */
export function reviewThumbnail(
  deps: Pick<CoreDeps, 'store' | 'clock' | 'thumbnails'>,
  linkId: string,
  mediaId: string,
  size: ThumbnailSize,
  knownTag: string | null,
): ResultAsync<ThumbnailAnswer, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<ThumbnailAnswer, SvcError>> => {
      const view = await reviewView(deps, linkId);
      const missing = () =>
        svcError('media_asset_not_found', `No media asset ${mediaId} in this review.`, { id: mediaId });
      if (view.isErr()) return err(missing());
      const shown = view.value.items.some((i) =>
        i.post.media.some((m) => m.kind === 'asset' && m.mediaId === mediaId),
      );
      const holder = shown ? await planHolderOf(deps, view.value.link.ownerId) : null;
      if (holder === null) return err(missing());
      const reader = workspaceOperator(
        holder,
        view.value.link.ownerId,
        `${REVIEW_LINK_CREDENTIAL_PREFIX}${linkId}`,
        ['post:read'],
      );
      return getThumbnail(deps, reader, mediaId, size, knownTag);
    })(),
  );
}

/** `invalid_post_state`: a link decides each of its posts once. */
const decidedAlready = (postId: string): SvcError =>
  svcError('invalid_post_state', 'This post has been decided through this link already.', { postId });

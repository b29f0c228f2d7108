import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type Actor, actorCanReadPost, actorWorkspaceId, useCase } from '../../identity/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import { ownedPost, type Post } from '../../posts/index.js';
import {
  formatReviewLinkToken,
  REVIEW_LINK_DEFAULT_MS,
  REVIEW_LINK_MAX_MS,
  REVIEW_LINK_MAX_POSTS,
  type ReviewLink,
} from '../review-link.js';

/** What a client can decide through a link: a draft awaiting approval, or a scheduled post. */
export function reviewablePost(post: Post): boolean {
  return post.deletedAt === null && (post.status === 'pending_approval' || post.status === 'scheduled');
}

/**
 * The posts a link covers: explicit ids, or the owner's reviewable posts with
 * `from <= scheduledTime < to` (only on `profileIds` when given), resolved when it is created.
 */
export type CreateReviewLinkInput = {
  readonly postIds?: readonly string[] | null;
  readonly range?: {
    readonly from: Date;
    readonly to: Date;
    readonly profileIds?: readonly string[] | null;
  } | null;
  /** When it stops working; default seven days from now, at most thirty. */
  readonly expiresAt?: Date | null;
  readonly label?: string | null;
};

/** A new link: the record, and its token, which exists only in this answer. */
export type CreatedReviewLink = { readonly link: ReviewLink; readonly token: string };

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'keyHasher'>;

// Creating and revoking links is one right: the key's `post:write`, and a role that may manage them.
const MANAGE_LINKS = { scope: 'post:write', action: 'review-link:manage' } as const;

/**
 * Creates a review link for a client (`post:write`): an expiring token, whose hash alone is
 * stored, that reads and decides the posts it covers and nothing else (docs/teams.md).
 */
export function createReviewLink(
  deps: Deps,
  actor: Actor,
  input: CreateReviewLinkInput,
): ResultAsync<CreatedReviewLink, SvcError> {
  return useCase(actor, MANAGE_LINKS, async (): Promise<Result<CreatedReviewLink, SvcError>> => {
    const now = deps.clock.now();
    const expiresAt = input.expiresAt ?? new Date(now.getTime() + REVIEW_LINK_DEFAULT_MS);
    if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + REVIEW_LINK_MAX_MS) {
      return err(
        svcError('validation_failed', 'expiresAt must be in the future and at most 30 days from now.', {
          field: 'expiresAt',
        }),
      );
    }
    const posts = await resolvePosts(deps, actor, input);
    if (posts.isErr()) return err(posts.error);
    const id = deps.ids.id('rev');
    const secret = deps.ids.secret();
    const link: ReviewLink = {
      id,
      ownerId: actorWorkspaceId(actor),
      postIds: posts.value.map((p) => p.id),
      label: input.label?.trim() || null,
      tokenHash: deps.keyHasher.hash(secret),
      createdBy: actor.credentialId,
      createdAt: now,
      expiresAt,
      revokedAt: null,
    };
    await deps.store.reviewLinks.insertReviewLink(link);
    return ok({ link, token: formatReviewLinkToken(id, secret) });
  });
}

async function resolvePosts(
  deps: Deps,
  actor: Actor,
  input: CreateReviewLinkInput,
): Promise<Result<readonly Post[], SvcError>> {
  const hasIds = input.postIds !== undefined && input.postIds !== null;
  const hasRange = input.range !== undefined && input.range !== null;
  if (hasIds === hasRange) {
    return err(
      svcError('validation_failed', 'Give either postIds or a time range (from, to), not both.', {
        field: 'postIds',
      }),
    );
  }
  if (input.postIds !== undefined && input.postIds !== null) {
    const ids = [...new Set(input.postIds)];
    if (ids.length === 0 || ids.length > REVIEW_LINK_MAX_POSTS) return err(sizeError());
    const posts: Post[] = [];
    for (const id of ids) {
      const post = await ownedPost(deps.store.posts, actor, id);
      if (post.isErr()) return err(post.error);
      if (!reviewablePost(post.value)) {
        return err(
          svcError(
            'invalid_post_state',
            `Post ${id} is ${post.value.status}: a review link covers posts awaiting approval or scheduled.`,
            { postId: id, status: post.value.status },
          ),
        );
      }
      posts.push(post.value);
    }
    return ok(posts);
  }
  const range = input.range as NonNullable<CreateReviewLinkInput['range']>;
  if (range.to.getTime() <= range.from.getTime()) {
    return err(svcError('validation_failed', '`to` must be after `from`.', { field: 'to' }));
  }
  const found = await deps.store.posts.postsScheduledBetween(
    actorWorkspaceId(actor),
    range.from,
    range.to,
    REVIEW_LINK_MAX_POSTS + 1,
  );
  const profiles = range.profileIds ?? null;
  const posts = found.filter(
    (p) =>
      reviewablePost(p) &&
      actorCanReadPost(actor, p) &&
      (profiles === null || p.profileIds.some((id) => profiles.includes(id))),
  );
  if (posts.length === 0) {
    return err(
      svcError('validation_failed', 'No post awaiting approval or scheduled in that time range.', {
        field: 'from',
      }),
    );
  }
  if (posts.length > REVIEW_LINK_MAX_POSTS) return err(sizeError());
  return ok(posts);
}

const sizeError = (): SvcError =>
  svcError('validation_failed', `A review link covers 1 to ${REVIEW_LINK_MAX_POSTS} posts.`, {
    field: 'postIds',
  });

/** The caller's review links, newest first, revoked and expired ones included (`post:read`). */
export function listReviewLinks(
  deps: Pick<CoreDeps, 'store'>,
  actor: Actor,
): ResultAsync<readonly ReviewLink[], SvcError> {
  return useCase(actor, 'post:read', async () =>
    ok(await deps.store.reviewLinks.listReviewLinks(actorWorkspaceId(actor))),
  );
}

/** Revokes one of the caller's review links (`post:write`); it stops working at once. */
export function revokeReviewLink(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  id: string,
): ResultAsync<ReviewLink, SvcError> {
  return useCase(actor, MANAGE_LINKS, async (): Promise<Result<ReviewLink, SvcError>> => {
    const revoked = await deps.store.reviewLinks.revokeReviewLink(
      actorWorkspaceId(actor),
      id,
      deps.clock.now(),
    );
    return revoked === null
      ? err(svcError('review_link_not_found', `No review link ${id}.`, { id }))
      : ok(revoked);
  });
}

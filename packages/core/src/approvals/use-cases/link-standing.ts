// Where a review link stands for its holder, and the refusals a client reads when it is not open.
import { err, ok, type Result } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import {
  type ReviewLink,
  type ReviewLinkDecision,
  type ReviewLinkState,
  reviewLinkState,
} from '../review-link.js';

/** `review_link_not_found`: the link is unknown (or its token's secret does not match). */
const reviewLinkNotFound = (): SvcError =>
  svcError('review_link_not_found', 'This review link is not known. Ask whoever sent it for a new one.');

/** A link with what was decided through it and where it stands at `now`. */
export type LinkStanding = {
  readonly link: ReviewLink;
  readonly decisions: readonly ReviewLinkDecision[];
  readonly state: ReviewLinkState;
};

/** Where a link found by its token or a review session's id stands; `review_link_not_found` when none. */
export async function linkStanding(
  deps: Pick<CoreDeps, 'store'>,
  link: ReviewLink | null,
  now: Date,
): Promise<Result<LinkStanding, SvcError>> {
  if (link === null) return err(reviewLinkNotFound());
  const decisions = await deps.store.reviewLinks.reviewDecisions(link.id);
  return ok({ link, decisions, state: reviewLinkState(link, decisions.length, now) });
}

/** The refusal of a link that is not open, in words a client understands. */
export function linkRefusal(link: ReviewLink, state: Exclude<ReviewLinkState, 'open'>): SvcError {
  switch (state) {
    case 'revoked':
      return svcError('review_link_revoked', 'This review link was withdrawn by whoever sent it.', {
        id: link.id,
      });
    case 'expired':
      return svcError(
        'review_link_expired',
        'This review link has expired. Ask whoever sent it for a new one.',
        {
          id: link.id,
          expiresAt: link.expiresAt.toISOString(),
        },
      );
    case 'used_up':
      return svcError('review_link_used_up', 'Every post of this review link has been decided. Thank you.', {
        id: link.id,
      });
  }
}

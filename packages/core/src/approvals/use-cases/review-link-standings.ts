import type { ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import type { Actor } from '../../identity/index.js';
import type { SvcError } from '../../kernel/index.js';
import { type ReviewLink, type ReviewLinkState, reviewLinkState } from '../review-link.js';
import { listReviewLinks } from './review-links.js';

/** A review link as its creator sees it: how many of its posts are decided, and where it stands. */
export type ReviewLinkStanding = {
  readonly link: ReviewLink;
  /** Posts decided through the link. */
  readonly decided: number;
  readonly state: ReviewLinkState;
};

/**
 * The caller's review links with their standing now (`post:read`), newest first: what REST's list
 * and the console's page show, so both count and judge each link alike.
 */
export function reviewLinkStandings(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
): ResultAsync<readonly ReviewLinkStanding[], SvcError> {
  return listReviewLinks(deps, actor).map(async (links) => {
    const now = deps.clock.now();
    return Promise.all(
      links.map(async (link) => {
        const decided = (await deps.store.reviewLinks.reviewDecisions(link.id)).length;
        return { link, decided, state: reviewLinkState(link, decided, now) };
      }),
    );
  });
}

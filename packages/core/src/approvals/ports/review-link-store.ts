import type { DomainEvent } from '../../journal/index.js';
import type { ReviewLink, ReviewLinkDecision } from '../review-link.js';

/** Storage of review links and the decisions made through them. */
export type ReviewLinkStore = {
  /** Stores a new link. An id that already exists is a fault: the call rejects. */
  insertReviewLink(link: ReviewLink): Promise<void>;
  /** A link by id; null when absent. */
  getReviewLink(id: string): Promise<ReviewLink | null>;
  /** An owner's links, newest first (id descending), revoked and expired ones included. */
  listReviewLinks(ownerId: string): Promise<readonly ReviewLink[]>;
  /**
   * Revokes the owner's link at `at` and returns it; null when it is not the owner's. Revoking a
   * revoked link keeps its first time.
   */
  revokeReviewLink(ownerId: string, id: string, at: Date): Promise<ReviewLink | null>;
  /** The decisions made through a link, in the order they were made. */
  reviewDecisions(linkId: string): Promise<readonly ReviewLinkDecision[]>;
  /**
   * Records a decision and appends `events` in one transaction; false, writing nothing, when that
   * post was decided through the link already.
   */
  recordReviewDecision(decision: ReviewLinkDecision, events: readonly DomainEvent[]): Promise<boolean>;
  /** Appends a link's journal events (an open) on their own. */
  recordReviewEvents(events: readonly DomainEvent[]): Promise<void>;
};

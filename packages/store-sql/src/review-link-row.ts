import type { ReviewLink, ReviewLinkDecision } from '@svc/core';
import { orNull } from './or-null.js';
import type { SqlCodec, SqlTypes } from './sql-codec.js';

/** A `review_links` row in a dialect's column types. */
export type ReviewLinkRowOf<T extends SqlTypes> = {
  id: string;
  owner_id: string;
  post_ids: T['list'];
  label: string | null;
  token_hash: string;
  created_by: string;
  created_at: T['date'];
  expires_at: T['date'];
  revoked_at: T['date'] | null;
};

/** A `review_link_decisions` row in a dialect's column types (its ordering column is the store's own). */
export type ReviewDecisionRowOf<T extends SqlTypes> = {
  link_id: string;
  post_id: string;
  approved: T['flag'];
  note: string | null;
  reviewer_name: string | null;
  decided_at: T['date'];
};

/** The row that stores a review link. */
export function reviewLinkToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  link: ReviewLink,
): ReviewLinkRowOf<T> {
  return {
    id: link.id,
    owner_id: link.ownerId,
    post_ids: codec.listToSql(link.postIds),
    label: link.label,
    token_hash: link.tokenHash,
    created_by: link.createdBy,
    created_at: codec.dateToSql(link.createdAt),
    expires_at: codec.dateToSql(link.expiresAt),
    revoked_at: orNull(link.revokedAt, codec.dateToSql),
  };
}

/** The review link a row stores. */
export function sqlRowToReviewLink<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: ReviewLinkRowOf<T>,
): ReviewLink {
  return {
    id: row.id,
    ownerId: row.owner_id,
    postIds: codec.listFromSql(row.post_ids),
    label: row.label,
    tokenHash: row.token_hash,
    createdBy: row.created_by,
    createdAt: codec.dateFromSql(row.created_at),
    expiresAt: codec.dateFromSql(row.expires_at),
    revokedAt: orNull(row.revoked_at, codec.dateFromSql),
  };
}

/** The row that stores a reviewer's decision on one post of a link. */
export function reviewDecisionToSqlRow<T extends SqlTypes>(
  codec: SqlCodec<T>,
  decision: ReviewLinkDecision,
): ReviewDecisionRowOf<T> {
  return {
    link_id: decision.linkId,
    post_id: decision.postId,
    approved: codec.flagToSql(decision.approved),
    note: decision.note,
    reviewer_name: decision.reviewerName,
    decided_at: codec.dateToSql(decision.decidedAt),
  };
}

/** The decision a row stores. */
export function sqlRowToReviewDecision<T extends SqlTypes>(
  codec: SqlCodec<T>,
  row: ReviewDecisionRowOf<T>,
): ReviewLinkDecision {
  return {
    linkId: row.link_id,
    postId: row.post_id,
    approved: codec.flagFromSql(row.approved),
    note: row.note,
    reviewerName: row.reviewer_name,
    decidedAt: codec.dateFromSql(row.decided_at),
  };
}

import { z } from 'zod';
import type { EventActor } from '../journal/index.js';
import { secretToken } from '../kernel/index.js';

/** How long a review link lasts when its creator does not say: seven days. */
export const REVIEW_LINK_DEFAULT_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest a review link may last: thirty days. */
export const REVIEW_LINK_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** The most posts one link covers (a month of a busy calendar); a set beyond it is refused. */
export const REVIEW_LINK_MAX_POSTS = 100;
/** The longest reviewer's name and note a client may type. */
export const REVIEW_NOTE_MAX_CHARS = 2000;
export const REVIEWER_NAME_MAX_CHARS = 100;

/**
 * A link an owner gives a client (docs/teams.md, "Review links"): it lets whoever holds its token
 * read these posts and decide them, nothing else, until it expires, is revoked or every post is
 * decided. Only the token's hash is stored.
 */
export const reviewLinkSchema = z.object({
  /** `rev_…`, also the non-secret part of the token. */
  id: z.string().min(1),
  ownerId: z.string().min(1),
  /** The posts it covers, resolved once when it was created. */
  postIds: z.array(z.string().min(1)),
  /** A note for the creator's list ("Acme, week 12"). */
  label: z.string().nullable(),
  tokenHash: z.string().min(1),
  /** The credential that created it, for the audit trail. */
  createdBy: z.string().min(1),
  createdAt: z.date(),
  expiresAt: z.date(),
  revokedAt: z.date().nullable(),
});

/** A review link. */
export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** One post decided through a link: each post is decided once per link. */
export type ReviewLinkDecision = {
  readonly linkId: string;
  readonly postId: string;
  readonly approved: boolean;
  readonly note: string | null;
  /** The name the client typed, if any. */
  readonly reviewerName: string | null;
  readonly decidedAt: Date;
};

/** Where a link stands for its holder: usable, or why not. */
export type ReviewLinkState = 'open' | 'expired' | 'revoked' | 'used_up';

/**
 * A link's state at `now`: revoked wins over expired (the creator's act is the better reason),
 * and a link whose every post is decided is used up.
 */
export function reviewLinkState(link: ReviewLink, decidedCount: number, now: Date): ReviewLinkState {
  if (link.revokedAt !== null) return 'revoked';
  if (now.getTime() >= link.expiresAt.getTime()) return 'expired';
  if (decidedCount >= link.postIds.length) return 'used_up';
  return 'open';
}

/** The actor a decision through a link is recorded as: "review link rev_… (Ann)". */
export function reviewLinkActor(linkId: string, reviewerName: string | null): string {
  return reviewerName === null ? `review link ${linkId}` : `review link ${linkId} (${reviewerName})`;
}

/** A client acting through a review link, as the journal records every event they cause. */
export function reviewLinkEventActor(linkId: string, reviewerName: string | null): EventActor {
  return { kind: 'review_link', id: linkId, label: reviewLinkActor(linkId, reviewerName) };
}

/**
 * Review link tokens look like `svc_rev_01JD…Z.<43 base64url chars>`, as invitations' do (the
 * kernel's one token shape): a fixed prefix to recognise them, the link id for lookup, and a
 * 256-bit secret of which only the hash is stored.
 */
export const REVIEW_LINK_TOKEN = secretToken('rev', { pasted: true });

/** The token shown once to the creator. */
export const formatReviewLinkToken = REVIEW_LINK_TOKEN.format;

/** Splits a token into link id and secret; null when it is not shaped like one of ours. */
export const parseReviewLinkToken = REVIEW_LINK_TOKEN.parse;

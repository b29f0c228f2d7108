import type { PostStatus } from '../kernel/index.js';
import type { Post } from './post.js';

/**
 * How close in time two posts with the same content on one account count as a repeat: 48 hours
 * either way. It catches a post scheduled twice by mistake or by a retry without `externalId`,
 * and lets a piece of evergreen content go out again a few days later.
 */
export const DUPLICATE_WINDOW_MS = 48 * 60 * 60 * 1000;

/**
 * Most earlier posts of the same content a check reads (more than one is already unusual). SQL
 * stores write it into the statement: a bound LIMIT cost SQLite four times the index seek.
 */
export const REPEAT_CANDIDATES = 50;

/** What to read to check a row for repeats: its content hash and the window around its time. */
export type RepeatQuery = {
  readonly ownerId: string;
  readonly contentHash: string;
  readonly from: Date;
  readonly to: Date;
};

/** The posts a row must be compared with, or null for a row without a time or a target. */
export function repeatQueryOf(post: Post): RepeatQuery | null {
  const at = post.scheduledTime?.getTime();
  if (at === undefined || post.profileIds[0] === undefined) return null;
  return {
    ownerId: post.ownerId,
    contentHash: contentHashOf(post),
    from: new Date(at - DUPLICATE_WINDOW_MS),
    to: new Date(at + DUPLICATE_WINDOW_MS),
  };
}

/** Statuses of posts that go out or went out: a repeat of one of these is refused. */
export const REPEATABLE_STATUSES: readonly PostStatus[] = ['scheduled', 'publishing', 'posted'];

/**
 * A caption as repeats are compared: compatibility-normalised (NFKC, so full-width letters and
 * ligatures match their plain forms), case-folded, with runs of whitespace made one space and the
 * ends trimmed. Platforms judge repeats by what people see, not by invisible differences.
 */
export function normalizeCaption(caption: string): string {
  return caption.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * What makes a post's content the same as another's on one account: the normalised caption and
 * the slides in order, each as the user's own asset (a converted or padded copy counts as its
 * original) or as its link.
 */
export function contentKeyOf(post: Pick<Post, 'caption' | 'media'>): string {
  const slides = post.media.map((m) =>
    m.kind === 'link' ? `link:${m.url}` : `media:${m.derivedFrom ?? m.mediaId}`,
  );
  return JSON.stringify([normalizeCaption(post.caption), slides]);
}

/**
 * A short fingerprint of a post's content on its account (its first target and `contentKeyOf`),
 * which stores index so the duplicate check reads only the posts that may repeat it: two 32-bit
 * FNV-1a lanes, 16 hex digits. Equal content always hashes alike; `findRepeat` then compares the
 * content itself, so a collision can never refuse a post.
 */
export function contentHashOf(post: Pick<Post, 'caption' | 'media' | 'profileIds'>): string {
  const text = `${post.profileIds[0] ?? ''}\u0000${contentKeyOf(post)}`;
  return lane(text, 0x811c9dc5) + lane(text, 0x01c9dc58);
}

function lane(text: string, offset: number): string {
  let hash = offset;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The post among `others` that `candidate` repeats: the same account, the same content, scheduled
 * within the window of the candidate's time and going out or gone out, not deleted, not the
 * candidate itself.
 * The nearest in time when several match; null when none does.
 */
export function findRepeat(candidate: Post, others: readonly Post[]): Post | null {
  const at = candidate.scheduledTime?.getTime();
  const account = candidate.profileIds[0];
  if (at === undefined || account === undefined) return null;
  const key = contentKeyOf(candidate);
  let nearest: Post | null = null;
  let nearestGap = Number.POSITIVE_INFINITY;
  for (const other of others) {
    const when = other.scheduledTime?.getTime();
    if (
      other.id === candidate.id ||
      other.deletedAt !== null ||
      when === undefined ||
      !REPEATABLE_STATUSES.includes(other.status) ||
      !other.profileIds.includes(account)
    ) {
      continue;
    }
    const gap = Math.abs(when - at);
    if (gap > DUPLICATE_WINDOW_MS || gap >= nearestGap || contentKeyOf(other) !== key) continue;
    nearest = other;
    nearestGap = gap;
  }
  return nearest;
}

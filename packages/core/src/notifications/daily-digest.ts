import { captionPreview } from '../kernel/index.js';
import { type ComposedMessage, messageOf, oneLine } from './compose-notification.js';
import { DIGEST_LOCAL_HOUR } from './daily-digest-time.js';

/** A post as a digest lists it: where it went, its caption's first line, and when. */
export type DigestPost = {
  readonly caption: string;
  /** The account's platform and handle; absent for a draft without targets. */
  readonly platform?: string;
  readonly handle?: string;
  /** When it was posted, failed or is scheduled for. */
  readonly at: Date | null;
  /** Why it failed (failed posts only). */
  readonly reason?: string;
};

/** An account that must be reconnected before its posts can go out. */
export type DigestAccount = { readonly platform: string; readonly handle: string };

/** One workspace's part of a person's digest, limited to the accounts their membership covers. */
export type WorkspaceDigest = {
  /** The workspace's name; the person's own personal workspace is called "Your workspace". */
  readonly name: string;
  readonly posted: readonly DigestPost[];
  readonly failed: readonly DigestPost[];
  /** Scheduled for the next 24 hours. */
  readonly upcoming: readonly DigestPost[];
  /** Drafts waiting for a review step this person may decide. */
  readonly awaitingReview: readonly DigestPost[];
  readonly reconnect: readonly DigestAccount[];
};

/** Items listed per section; the rest are counted ("and 3 more"). */
export const DIGEST_ITEMS_SHOWN = 10;

/** Whether a workspace's part says anything: a digest of only empty parts is not sent. */
export function hasNews(part: WorkspaceDigest): boolean {
  return (
    part.posted.length + part.failed.length + part.upcoming.length + part.awaitingReview.length > 0 ||
    part.reconnect.length > 0
  );
}

/** What a digest needs besides its parts: the person's zone, the day, and its two links. */
export type DigestFacts = {
  readonly timeZone: string;
  /** The person's local date it is dated. */
  readonly date: string;
  readonly link: string;
  readonly unsubscribeUrl: string;
};

/**
 * The daily digest e-mail, or null when it has nothing to say (no workspace has news): then
 * nothing is sent that day. Only names, captions' first lines, handles and failure reasons go in,
 * never a token or a secret, which the parts do not carry.
 */
export function composeDailyDigest(
  parts: readonly WorkspaceDigest[],
  facts: DigestFacts,
): ComposedMessage | null {
  const told = parts.filter(hasNews);
  if (told.length === 0) return null;
  const sum = (pick: (p: WorkspaceDigest) => readonly unknown[]) =>
    told.reduce((n, p) => n + pick(p).length, 0);
  const counts = [
    [sum((p) => p.posted), 'posted'],
    [sum((p) => p.failed), 'failed'],
    [sum((p) => p.upcoming), 'scheduled'],
    [sum((p) => p.awaitingReview), 'to review'],
    [sum((p) => p.reconnect), 'to reconnect'],
  ] as const;
  const subject = `Your daily digest for ${facts.date}: ${counts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ')}`;
  const time = timeFormat(facts.timeZone);
  const body = [`What happened in the 24 hours before ${facts.date} ${hourLabel()} (${facts.timeZone}).`];
  for (const part of told) {
    body.push('', `== ${part.name} ==`);
    section(body, 'Posted', part.posted, (p) => `${time(p.at)} ${where(p)}: ${quoted(p)}`);
    section(
      body,
      'Failed',
      part.failed,
      (p) => `${time(p.at)} ${where(p)}: ${quoted(p)}. Reason: ${p.reason ?? 'not recorded'}`,
    );
    section(
      body,
      'Scheduled for the next 24 hours',
      part.upcoming,
      (p) => `${time(p.at)} ${where(p)}: ${quoted(p)}`,
    );
    section(body, 'Drafts awaiting your review', part.awaitingReview, (p) => quoted(p));
    section(body, 'Accounts needing reconnection', part.reconnect, (a) => `${a.platform} @${a.handle}`);
  }
  return messageOf('daily_digest', subject, body, facts);
}

function section<T>(body: string[], title: string, items: readonly T[], line: (item: T) => string): void {
  if (items.length === 0) return;
  body.push(`${title} (${items.length}):`);
  for (const item of items.slice(0, DIGEST_ITEMS_SHOWN)) body.push(`- ${line(item)}`);
  if (items.length > DIGEST_ITEMS_SHOWN) body.push(`- and ${items.length - DIGEST_ITEMS_SHOWN} more`);
}

function where(post: DigestPost): string {
  if (post.handle === undefined) return post.platform ?? 'no account';
  return `${post.platform ?? ''} @${post.handle}`.trim();
}

function quoted(post: DigestPost): string {
  const line = oneLine(post.caption).trim();
  return line === '' ? '(no caption)' : `"${captionPreview(line)}"`;
}

function hourLabel(): string {
  return `${String(DIGEST_LOCAL_HOUR).padStart(2, '0')}:00`;
}

/** Times in the person's zone: the weekday and the 24-hour time ("Mon 09:30"). */
function timeFormat(timeZone: string): (at: Date | null) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => (at === null ? 'unscheduled' : format.format(at).replace(',', ''));
}

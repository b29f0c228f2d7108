import { localDateOf, localDayOf, localTimeOn } from '../kernel/index.js';

/**
 * The local hour a person's digest is made at, in their own time zone (the console's setting;
 * `UTC` until they choose): their morning, about the day before (docs/notifications.md).
 */
export const DIGEST_LOCAL_HOUR = 8;

/** What a digest covers and when it is dated, in its person's time zone. */
export type DigestDay = {
  /** The person's local date (`YYYY-MM-DD`): one digest per person and date. */
  readonly date: string;
  /** That date's DIGEST_LOCAL_HOUR: the window of what happened ends here. */
  readonly at: Date;
  /** The window's start, 24 hours before `at`. */
  readonly since: Date;
};

const DAY_MS = 86_400_000;

/**
 * Today's digest of a person in `timeZone` if it is due at `now` (their local time is past the
 * digest hour), else null. A process that was down at the hour makes it when it is back, the same
 * local day; a day missed entirely is not made afterwards (a digest a day late helps nobody).
 */
export function digestDayAt(timeZone: string, now: Date): DigestDay | null {
  const day = localDayOf(timeZone, now);
  const at = localTimeOn(timeZone, day, DIGEST_LOCAL_HOUR * 60);
  if (now.getTime() < at.getTime()) return null;
  return { date: localDateOf(day), at, since: new Date(at.getTime() - DAY_MS) };
}

/** The key that makes a person's digest of a day once, whichever process makes it. */
export function digestDedupKey(userId: string, date: string): string {
  return `digest:${userId}:${date}`;
}

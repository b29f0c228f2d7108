import type { MissingReason } from './analytics-coverage.js';
import { COLLECTION_OFFSETS_MS } from './collection-schedule.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// An offset of the schedule as prose reads it: "an hour", "6 hours", "a day", "3 days".
function after(offset: number): string {
  if (offset < DAY_MS) {
    const hours = Math.round(offset / HOUR_MS);
    return hours === 1 ? 'an hour' : `${hours} hours`;
  }
  const days = Math.round(offset / DAY_MS);
  return days === 1 ? 'a day' : `${days} days`;
}

// The reads while figures still move; the weekly ones after a month are not worth a sentence.
const EARLY_READS = COLLECTION_OFFSETS_MS.filter((offset) => offset <= 30 * DAY_MS).map(after);

/**
 * When figures appear, from the collection schedule: a new post (and every post on a sandbox
 * platform, whose figures start at zero) shows none until its first read.
 */
export const FIGURES_SCHEDULE_SENTENCE = `Figures are first read ${EARLY_READS[0]} after a post is published, then after ${EARLY_READS.slice(1, -1).join(', ')} and ${EARLY_READS.at(-1)}.`;

const REASONS: Readonly<Record<MissingReason, string>> = {
  scope_not_granted: 'the account did not allow reading its figures: reconnect it and allow them',
  too_few_viewers: 'the platform gives no figures for posts seen by too few people',
  not_yet_collected: 'not read yet',
};

/**
 * Why some posts have no figures, as a person reads it (`2 posts without figures: not read yet.
 * Figures are first read an hour after …`): the schedule is told only when the reason is that
 * nothing was read yet.
 */
export function missingFiguresSentence(reason: MissingReason, posts: number): string {
  const head = `${posts === 1 ? '1 post' : `${posts} posts`} without figures: ${REASONS[reason]}.`;
  return reason === 'not_yet_collected' ? `${head} ${FIGURES_SCHEDULE_SENTENCE}` : head;
}

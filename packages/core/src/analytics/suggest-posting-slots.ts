import { PLATFORM_NAMES, type Platform } from '../kernel/index.js';
import { type PostingSlot, sortSlots, WEEKDAYS, type Weekday } from '../queue/index.js';
import type { TimeCell } from './analytics-aggregates.js';
import { MIN_BUCKET_SAMPLES, MIN_TOTAL_SAMPLES } from './answer-analytics.js';
import { PLATFORM_DEFAULT_SLOTS } from './platform-default-slots.js';

/** How many slots a suggestion holds at most (one a day, so a week has room for five posts). */
export const SUGGESTED_SLOTS = 5;
/** At most this many suggested slots on one weekday: spread over days rather than one good day. */
export const SUGGESTED_SLOTS_PER_DAY = 1;

/** One weekday × hour cell behind a suggested slot: its posts and mean engagement per post. */
export type SuggestionCell = {
  readonly day: Weekday;
  readonly hour: number;
  readonly samples: number;
  readonly score: number;
};

/** Suggested posting slots for one account, and where they come from. */
export type SlotSuggestion = {
  /** `analytics`: the account's own figures; `platform_defaults`: general guidance, not measured. */
  readonly source: 'analytics' | 'platform_defaults';
  readonly timeZone: string;
  /** In week order, as `PUT /connections/{id}/slots` takes them. */
  readonly slots: readonly PostingSlot[];
  /** The cells behind `slots`, best first (empty for platform defaults). */
  readonly cells: readonly SuggestionCell[];
  /** Posts with an engagement figure in the window, over every cell. */
  readonly samples: number;
  readonly message: string;
};

/** How the figures were read: the zone their hours are in and the window they cover. */
export type SuggestionOptions = {
  readonly days: number;
  readonly maxSlots?: number;
  readonly maxPerDay?: number;
};

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Suggests an account's posting slots from its weekday × hour figures (`cells`, read in
 * `timeZone`). A cell counts when it holds at least MIN_BUCKET_SAMPLES posts; cells are ranked by
 * mean engagement per post (ties: more posts, then week order) and taken best first, at most
 * `maxPerDay` a weekday, up to `maxSlots`. With fewer than MIN_TOTAL_SAMPLES posts in all, or no
 * cell with enough posts, the platform's commonly cited times are suggested instead, labelled as
 * such: a guess from a handful of posts would look like a measurement and is not one.
 */
export function suggestPostingSlots(
  cells: readonly TimeCell[],
  platform: Platform,
  timeZone: string,
  options: SuggestionOptions,
): SlotSuggestion {
  const maxSlots = options.maxSlots ?? SUGGESTED_SLOTS;
  const maxPerDay = options.maxPerDay ?? SUGGESTED_SLOTS_PER_DAY;
  const samples = cells.reduce((sum, cell) => sum + cell.posts, 0);
  const ranked = cells
    .filter((cell) => cell.posts >= MIN_BUCKET_SAMPLES)
    .map((cell) => ({ cell, score: cell.engagement / cell.posts }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.cell.posts - a.cell.posts ||
        a.cell.weekday * 24 + a.cell.hour - (b.cell.weekday * 24 + b.cell.hour),
    );
  if (samples < MIN_TOTAL_SAMPLES || ranked.length === 0) {
    const why =
      samples < MIN_TOTAL_SAMPLES
        ? `${samples === 0 ? 'No post' : `Only ${samples} post(s)`} with engagement figures in the last ${options.days} days (${MIN_TOTAL_SAMPLES} are needed)`
        : `No weekday and hour has ${MIN_BUCKET_SAMPLES} posts with engagement figures in the last ${options.days} days`;
    return {
      source: 'platform_defaults',
      timeZone,
      slots: sortSlots(PLATFORM_DEFAULT_SLOTS[platform]),
      cells: [],
      samples,
      message: `${why}, too few to measure this account's best times. These are ${PLATFORM_NAMES[platform]}'s commonly cited posting times (general industry guidance, not measured on this account), in ${timeZone}.`,
    };
  }
  const perDay = new Map<number, number>();
  const chosen: SuggestionCell[] = [];
  for (const { cell, score } of ranked) {
    if (chosen.length >= maxSlots) break;
    const taken = perDay.get(cell.weekday) ?? 0;
    if (taken >= maxPerDay) continue;
    perDay.set(cell.weekday, taken + 1);
    chosen.push({ day: WEEKDAYS[cell.weekday] ?? 'mon', hour: cell.hour, samples: cell.posts, score });
  }
  return {
    source: 'analytics',
    timeZone,
    slots: sortSlots(chosen.map((cell) => ({ day: cell.day, time: pad(cell.hour) }))),
    cells: chosen,
    samples,
    message: `Measured on this account: the ${chosen.length === 1 ? 'weekday hour' : `${chosen.length} weekday hours`} with the highest engagement per post among ${samples} posts of the last ${options.days} days (each with at least ${MIN_BUCKET_SAMPLES} posts, at most ${maxPerDay} a day), in ${timeZone}.`,
  };
}

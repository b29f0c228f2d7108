import { type LocalDateTime, localToInstant } from '../kernel/index.js';

const DAY_MS = 86_400_000;

/** A calendar date with no zone (month 1–12). */
export type LocalDate = Pick<LocalDateTime, 'year' | 'month' | 'day'>;

/** The instants a stretch of local days covers: from the first day's start to the next day's start. */
export type DayRange = { readonly from: Date; readonly to: Date };

// Calendar arithmetic on dates alone: a UTC date has no daylight-saving change to trip on.
const asUtc = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day);
const fromUtc = (ms: number): LocalDate => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** The date `days` days after `date` (before, when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return fromUtc(asUtc(date) + days * DAY_MS);
}

/** The weekday of a date, 0 Monday … 6 Sunday (the console's weeks start on Monday). */
export function weekdayOf(date: LocalDate): number {
  return (new Date(asUtc(date)).getUTCDay() + 6) % 7;
}

/** The Monday on or before `date`. */
export function mondayOf(date: LocalDate): LocalDate {
  return addDays(date, -weekdayOf(date));
}

/**
 * The instant a local day starts in `timeZone`: its midnight, or, where clocks skip midnight
 * (America/Santiago in September), the first minute the day has.
 */
export function dayStart(timeZone: string, date: LocalDate): Date {
  return localToInstant(timeZone, { ...date, hour: 0, minute: 0 });
}

/** The instants of `days` whole local days from `first`, in `timeZone` (23 or 25 hours around DST). */
export function daysRange(timeZone: string, first: LocalDate, days: number): DayRange {
  return { from: dayStart(timeZone, first), to: dayStart(timeZone, addDays(first, days)) };
}

/** The instants of a local month (month 1–12) in `timeZone`. */
export function monthRange(timeZone: string, year: number, month: number): DayRange {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: dayStart(timeZone, { year, month, day: 1 }), to: dayStart(timeZone, { ...next, day: 1 }) };
}

/** The instants of the local week (Monday to Sunday) holding `date`, in `timeZone`. */
export function weekRange(timeZone: string, date: LocalDate): DayRange {
  return daysRange(timeZone, mondayOf(date), 7);
}

import { offsetMinutesAt } from './time-zone.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A wall-clock date and time with no zone, as a person reads it (month 1–12). */
export type LocalDateTime = {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
};

// The wall clock read as if it were UTC: the arithmetic base both directions share.
const wallAsUtc = (local: LocalDateTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);

/**
 * The instant a wall-clock time in `timeZone` stands for. Daylight-saving changes make some local
 * times special, and each gets one deterministic answer:
 * - a time that does not exist (skipped when clocks go forward) moves forward by the gap
 *   (Paris, 2026-03-29 02:30 is 03:30 CEST, 01:30Z);
 * - a time that happens twice (clocks go back) is the earlier instant (Paris, 2026-10-25 02:30
 *   is 02:30 CEST, 00:30Z).
 */
export function localToInstant(timeZone: string, local: LocalDateTime): Date {
  const wall = wallAsUtc(local);
  // The offsets a day either side: any transition near the wall time lies between them.
  const before = offsetMinutesAt(timeZone, new Date(wall - DAY_MS));
  const after = offsetMinutesAt(timeZone, new Date(wall + DAY_MS));
  const fits = [before, after]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((at) => wall - offsetMinutesAt(timeZone, new Date(at)) * MINUTE_MS === at);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In a gap: read with the offset in force before it, the instant lands past the change, by the gap.
  return new Date(wall - before * MINUTE_MS);
}

/** The wall-clock time of `instant` in `timeZone` (seconds dropped). */
export function instantToLocal(timeZone: string, instant: Date): LocalDateTime {
  const wall = new Date(instant.getTime() + offsetMinutesAt(timeZone, instant) * MINUTE_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  };
}

/**
 * A wall-clock time written `YYYY-MM-DDTHH:MM` (what an HTML `datetime-local` field sends, seconds
 * allowed and dropped); null when it is not one or names no real date (2026-02-30).
 */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const real =
    year >= 1000 &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute;
  return real ? { year, month, day, hour, minute } : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A wall-clock time written `YYYY-MM-DDTHH:MM`, the value an HTML `datetime-local` field takes. */
export function formatLocalDateTime(local: LocalDateTime): string {
  return `${local.year}-${two(local.month)}-${two(local.day)}T${two(local.hour)}:${two(local.minute)}`;
}

/** A local date written `YYYY-MM-DD`. */
export function formatLocalDate(local: Pick<LocalDateTime, 'year' | 'month' | 'day'>): string {
  return `${local.year}-${two(local.month)}-${two(local.day)}`;
}

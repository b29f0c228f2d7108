import {
  DEFAULT_TIME_ZONE,
  formatLocalDate,
  formatLocalDateTime,
  instantToLocal,
  isTimeZone,
  type LocalDateTime,
  localToInstant,
  parseLocalDateTime,
} from '@svc/core';
import { type Html, html } from '@svc/web';

/**
 * How one person reads and enters times, made once per request from their time zone, so pages
 * pass no zone around.
 */
export type TimeFormat = {
  /** The IANA zone (`Europe/Paris`). */
  readonly zone: string;
  /** A time as people read it, `2026-12-01 10:30 CET`, in a `<time>` carrying the UTC instant. */
  when(date: Date | null): Html;
  /** The text of `when`: `2026-12-01 10:30 CET`. */
  text(date: Date): string;
  /** The zone's short name or offset at `date` (`CET`, `EDT`, `UTC+5:30`). */
  abbreviation(date: Date): string;
  /** The wall-clock time of an instant in the zone. */
  local(date: Date): LocalDateTime;
  /** The local date of an instant, `YYYY-MM-DD` (the calendar's day of a post). */
  day(date: Date): string;
  /** The value of a `datetime-local` field showing an instant; empty for none. */
  input(date: Date | null): string;
  /** The instant a `datetime-local` value stands for in the zone (core's DST rules); null if not one. */
  instant(value: string): Date | null;
};

const names = new Map<string, readonly Intl.DateTimeFormat[]>();

// en-US names American zones (EST), en-GB European ones (CET); elsewhere both give an offset.
function nameFormats(zone: string): readonly Intl.DateTimeFormat[] {
  let found = names.get(zone);
  if (found === undefined) {
    found = ['en-US', 'en-GB'].map(
      (locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }),
    );
    names.set(zone, found);
  }
  return found;
}

function abbreviationIn(zone: string, date: Date): string {
  const found = nameFormats(zone).map(
    (format) => format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '',
  );
  const named = found.find((name) => /^[A-Z]{2,5}$/.test(name) && name !== 'GMT') ?? found[0] ?? '';
  // `GMT+1` reads as an offset from UTC, the word the console uses everywhere else.
  return /^GMT[+-]/.test(named) ? named.replace('GMT', 'UTC') : named;
}

/** The time format of a zone; an unknown zone (one this runtime no longer knows) reads as UTC. */
export function timeFormat(timeZone: string): TimeFormat {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const local = (date: Date) => instantToLocal(zone, date);
  const abbreviation = (date: Date) => abbreviationIn(zone, date);
  const text = (date: Date) => `${formatLocalDateTime(local(date)).replace('T', ' ')} ${abbreviation(date)}`;
  return {
    zone,
    when(date) {
      if (date === null) return html`<span class="muted">not set</span>`;
      return html`<time datetime="${date.toISOString()}">${text(date)}</time>`;
    },
    text,
    abbreviation,
    local,
    day: (date) => formatLocalDate(local(date)),
    input: (date) => (date === null ? '' : formatLocalDateTime(local(date))),
    instant(value) {
      const parsed = parseLocalDateTime(value);
      return parsed === null ? null : localToInstant(zone, parsed);
    },
  };
}

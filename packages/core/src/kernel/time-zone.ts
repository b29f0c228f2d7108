const HOUR_MS = 3_600_000;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timezone: string): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timezone, format);
  }
  return format;
}

/** Whether `timezone` is an IANA time zone name this runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(timezone: string): boolean {
  try {
    formatOf(timezone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in minutes (Paris in summer: 120). */
export function offsetMinutesAt(timezone: string, instant: Date): number {
  const parts = Object.fromEntries(
    formatOf(timezone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** A stretch of time with one UTC offset. */
export type OffsetRange = { readonly from: Date; readonly to: Date; readonly offsetMinutes: number };

/**
 * The zone's offsets over [from, to): one range per stretch between transitions (a year has at
 * most a few), so a database can shift times to local time without knowing time zones.
 */
export function offsetRanges(timezone: string, from: Date, to: Date): OffsetRange[] {
  // The default zone has no transitions: skip the probes (a year of them costs milliseconds).
  if (timezone === 'UTC') return [{ from, to, offsetMinutes: 0 }];
  const ranges: OffsetRange[] = [];
  let start = from.getTime();
  let offset = offsetMinutesAt(timezone, from);
  // Transitions are at least weeks apart; probing every 6 hours and bisecting finds each to the minute.
  for (let probe = start + 6 * HOUR_MS; probe < to.getTime() + 6 * HOUR_MS; probe += 6 * HOUR_MS) {
    const at = Math.min(probe, to.getTime());
    const next = offsetMinutesAt(timezone, new Date(at));
    if (next === offset) continue;
    let low = at - 6 * HOUR_MS;
    let high = at;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 2);
      if (offsetMinutesAt(timezone, new Date(middle)) === offset) low = middle;
      else high = middle;
    }
    // Transitions fall on whole minutes, and the bisection ends within the minute after one.
    const transition = high - (high % 60_000);
    ranges.push({ from: new Date(start), to: new Date(transition), offsetMinutes: offset });
    start = transition;
    offset = next;
  }
  ranges.push({ from: new Date(start), to, offsetMinutes: offset });
  return ranges;
}

/** The local weekday (0 Monday … 6 Sunday) and hour of `instant` at a UTC offset. */
export function localWeekdayHour(instant: Date, offsetMinutes: number): { weekday: number; hour: number } {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000);
  return { weekday: (local.getUTCDay() + 6) % 7, hour: local.getUTCHours() };
}

const DAY_MS = 86_400_000;

/** The local day of `instant` in `timezone`, as whole days since 1970-01-01 (local). */
export function localDayOf(timezone: string, instant: Date): number {
  return Math.floor((instant.getTime() + offsetMinutesAt(timezone, instant) * 60_000) / DAY_MS);
}

/**
 * The instant local day `day` (days since 1970-01-01) starts in `timezone`. The offset is read
 * twice: once near midnight, then at the instant found, since a transition may fall in between.
 */
export function startOfLocalDay(timezone: string, day: number): Date {
  return localTimeOn(timezone, day, 0);
}

/**
 * The instant it is `minutes` past local midnight of day `day` in `timezone` (a local time a
 * transition skips comes out an hour off, as a wall clock would show it).
 */
export function localTimeOn(timezone: string, day: number, minutes: number): Date {
  const local = day * DAY_MS + minutes * 60_000;
  const guess = local - offsetMinutesAt(timezone, new Date(local)) * 60_000;
  return new Date(local - offsetMinutesAt(timezone, new Date(guess)) * 60_000);
}

/** A local day (days since 1970-01-01) as `YYYY-MM-DD`. */
export function localDateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

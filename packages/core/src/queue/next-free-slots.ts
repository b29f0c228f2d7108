import { err, ok, type Result } from 'neverthrow';
import {
  instantToLocal,
  type LocalDateTime,
  localToInstant,
  offsetMinutesAt,
  type SvcError,
  svcError,
} from '../kernel/index.js';
import { type PostingSchedule, WEEKDAYS } from './posting-schedule.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** How far ahead the queue looks for a free slot before it gives up: a year and a day. */
export const QUEUE_HORIZON_DAYS = 366;

type LocalDate = Pick<LocalDateTime, 'year' | 'month' | 'day'>;

// Calendar arithmetic on a date with no zone: UTC has no daylight-saving changes to trip over.
function addDays(date: LocalDate, days: number): LocalDate & { weekday: number } {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    // getUTCDay is 0 for Sunday; WEEKDAYS starts on Monday.
    weekday: (at.getUTCDay() + 6) % 7,
  };
}

/**
 * The next `count` slot instants of `schedule` strictly after `after`, in time order, skipping:
 * - an instant in `taken` (posts of the account already there; the same minute counts as taken);
 * - a local day (in the schedule's zone) that already holds `dailyCap` posts, counting `taken`
 *   and the slots handed out here (null: no cap).
 * Local times go through `localToInstant`: a slot inside the spring-forward gap moves forward by
 * the gap (Paris 02:30 on the change day is 03:30 CEST), one in the repeated autumn hour takes the
 * earlier instant; two slots that land on one instant count once. `no_free_slot` when fewer than
 * `count` are free in the next QUEUE_HORIZON_DAYS days.
 */
export function nextFreeSlots(
  schedule: PostingSchedule,
  after: Date,
  count: number,
  taken: readonly Date[],
  dailyCap: number | null,
): Result<Date[], SvcError> {
  const { timeZone } = schedule;
  const takenMinutes = new Set(taken.map((t) => Math.floor(t.getTime() / MINUTE_MS)));
  // Sorted, so a day's count is two binary searches: reading each post's local day from the
  // zone's rules cost ~30 µs a post, which a long queue paid on every request.
  const sorted = taken.map((t) => t.getTime()).sort((a, b) => a - b);
  const byDay = WEEKDAYS.map((day) =>
    schedule.slots
      .filter((s) => s.day === day)
      .map((s) => s.time)
      .sort(),
  );
  const found: Date[] = [];
  const start = instantToLocal(timeZone, after);
  for (let offset = 0; offset <= QUEUE_HORIZON_DAYS && found.length < count; offset++) {
    const date = addDays(start, offset);
    const times = byDay[date.weekday] ?? [];
    if (times.length === 0) continue;
    const clock = dayClock(timeZone, date);
    let onDay =
      dailyCap === null ? 0 : firstAtOrAfter(sorted, clock.end) - firstAtOrAfter(sorted, clock.start);
    for (const time of times) {
      if (found.length === count || (dailyCap !== null && onDay >= dailyCap)) break;
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const instant = clock.at(hour, minute);
      const slotMinute = Math.floor(instant.getTime() / MINUTE_MS);
      if (instant.getTime() <= after.getTime() || takenMinutes.has(slotMinute)) continue;
      found.push(instant);
      takenMinutes.add(slotMinute);
      onDay += 1;
    }
  }
  if (found.length < count)
    return err(
      svcError(
        'no_free_slot',
        `Only ${found.length} free posting slot${found.length === 1 ? '' : 's'} in the next ${QUEUE_HORIZON_DAYS} days, and ${count} are needed. Add slots with PUT /api/v1/connections/{id}/slots, or give the post a scheduledTime.`,
        { free: found.length, needed: count },
      ),
    );
  return ok(found);
}

/**
 * The instants of one local day: its bounds (midnight to midnight) and its wall times. Reading the
 * zone's offset costs microseconds, and a long queue walks many days, so a day whose offset is the
 * same from well before its start to well after its end (transitions are weeks apart, offsets at
 * most 14 h) is read with that one offset; a day with a change goes through `localToInstant`.
 */
function dayClock(
  timeZone: string,
  date: LocalDate,
): { start: number; end: number; at(hour: number, minute: number): Date } {
  const wall = Date.UTC(date.year, date.month - 1, date.day);
  const before = offsetMinutesAt(timeZone, new Date(wall - 18 * HOUR_MS));
  const after = offsetMinutesAt(timeZone, new Date(wall + DAY_MS + 18 * HOUR_MS));
  if (before === after) {
    const start = wall - before * MINUTE_MS;
    return {
      start,
      end: start + DAY_MS,
      at: (hour, minute) => new Date(start + (hour * 60 + minute) * MINUTE_MS),
    };
  }
  const at = (hour: number, minute: number) => localToInstant(timeZone, { ...date, hour, minute });
  const next = addDays(date, 1);
  return {
    start: at(0, 0).getTime(),
    end: localToInstant(timeZone, { ...next, hour: 0, minute: 0 }).getTime(),
    at,
  };
}

// The index of the first value >= `value` in ascending `sorted`.
function firstAtOrAfter(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Whether `instant` is one of the schedule's slot instants (the queue view lists posts on a slot). */
export function isSlotInstant(schedule: PostingSchedule, instant: Date): boolean {
  const local = instantToLocal(schedule.timeZone, instant);
  const weekday = WEEKDAYS[addDays(local, 0).weekday];
  return schedule.slots.some((slot) => {
    if (slot.day !== weekday) return false;
    const [hour, minute] = slot.time.split(':').map(Number) as [number, number];
    return localToInstant(schedule.timeZone, { ...local, hour, minute }).getTime() === instant.getTime();
  });
}

/**
 * Every slot instant of `schedule` with `from <= instant < to`, in time order, by the same local
 * time rules as `nextFreeSlots` (a spring-forward slot moves forward, a repeated hour takes the
 * earlier instant, two slots on one instant count once): what a calendar shows as free slots once
 * the taken ones are left out.
 */
export function slotsBetween(schedule: PostingSchedule, from: Date, to: Date): Date[] {
  const byDay = WEEKDAYS.map((day) =>
    schedule.slots
      .filter((s) => s.day === day)
      .map((s) => s.time)
      .sort(),
  );
  const found = new Map<number, Date>();
  // A day before and after: a local day's slots can fall on either side of a UTC bound.
  const start = instantToLocal(schedule.timeZone, new Date(from.getTime() - DAY_MS));
  const days = Math.ceil((to.getTime() - from.getTime()) / DAY_MS) + 2;
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(start, offset);
    const times = byDay[date.weekday] ?? [];
    if (times.length === 0) continue;
    const clock = dayClock(schedule.timeZone, date);
    for (const time of times) {
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const instant = clock.at(hour, minute);
      if (instant.getTime() >= from.getTime() && instant.getTime() < to.getTime())
        found.set(instant.getTime(), instant);
    }
  }
  return [...found.values()].sort((a, b) => a.getTime() - b.getTime());
}

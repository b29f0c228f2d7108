import { err, ok, type Result } from 'neverthrow';
import {
  instantToLocal,
  type LocalDateTime,
  localToInstant,
  type SvcError,
  svcError,
} from '../kernel/index.js';
import { type PostingSchedule, WEEKDAYS } from './posting-schedule.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** How far ahead the queue looks for a free slot before it gives up: a year and a day. */
export const QUEUE_HORIZON_DAYS = 366;

type LocalDate = Pick<LocalDateTime, 'year' | 'month' | 'day'>;

const dayKey = (d: LocalDate) => `${d.year}-${d.month}-${d.day}`;

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
  const perDay = new Map<string, number>();
  for (const t of taken) {
    const key = dayKey(instantToLocal(timeZone, t));
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
  }
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
    const key = dayKey(date);
    for (const time of byDay[date.weekday] ?? []) {
      if (found.length === count || (dailyCap !== null && (perDay.get(key) ?? 0) >= dailyCap)) break;
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const instant = localToInstant(timeZone, { ...date, hour, minute });
      const slotMinute = instant.getTime() / MINUTE_MS;
      if (instant.getTime() <= after.getTime() || takenMinutes.has(slotMinute)) continue;
      found.push(instant);
      takenMinutes.add(slotMinute);
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
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

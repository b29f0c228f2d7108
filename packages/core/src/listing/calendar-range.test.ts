import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayStart,
  daysRange,
  mondayOf,
  monthRange,
  weekdayOf,
  weekRange,
} from './calendar-range.js';

const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];

describe('calendar ranges in a zone', () => {
  it('starts and ends a month at local midnight, whatever the offset did in between', () => {
    expect(iso(monthRange('Europe/Paris', 2026, 3))).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ]);
    expect(iso(monthRange('America/New_York', 2026, 11))).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
    ]);
    expect(iso(monthRange('UTC', 2026, 12))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('makes a week of 7 local days, 167 hours long when clocks go forward', () => {
    const week = weekRange('Europe/Paris', { year: 2026, month: 3, day: 29 });
    expect(iso(week)).toEqual(['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect((week.to.getTime() - week.from.getTime()) / 3_600_000).toBe(167);
    const autumn = daysRange('America/New_York', { year: 2026, month: 11, day: 1 }, 1);
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(25);
  });

  it('starts a day whose midnight is skipped at its first minute (Santiago in September)', () => {
    // Chile moves from -04 to -03 at local midnight on 2026-09-06: the day begins at 01:00.
    expect(dayStart('America/Santiago', { year: 2026, month: 9, day: 6 }).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('counts dates and weekdays from Monday', () => {
    expect(addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(weekdayOf({ year: 2026, month: 11, day: 30 })).toBe(0);
    expect(mondayOf({ year: 2026, month: 12, day: 6 })).toEqual({ year: 2026, month: 11, day: 30 });
  });
});

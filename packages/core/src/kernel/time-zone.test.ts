import { describe, expect, it } from 'vitest';
import {
  isTimeZone,
  localDateOf,
  localDayOf,
  localWeekdayHour,
  offsetMinutesAt,
  offsetRanges,
  startOfLocalDay,
} from './time-zone.js';

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('reads the offset at an instant, summer and winter', () => {
    expect(offsetMinutesAt('Europe/Paris', new Date('2026-07-01T12:00:00Z'))).toBe(120);
    expect(offsetMinutesAt('Europe/Paris', new Date('2026-01-01T12:00:00Z'))).toBe(60);
    expect(offsetMinutesAt('Asia/Kolkata', new Date('2026-01-01T12:00:00Z'))).toBe(330);
    expect(offsetMinutesAt('UTC', new Date('2026-01-01T12:00:00Z'))).toBe(0);
  });

  it('splits a year at the exact transitions (Paris: last Sundays of March and October, 01:00 UTC)', () => {
    const ranges = offsetRanges(
      'Europe/Paris',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(ranges).toEqual([
      { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-03-29T01:00:00Z'), offsetMinutes: 60 },
      { from: new Date('2026-03-29T01:00:00Z'), to: new Date('2026-10-25T01:00:00Z'), offsetMinutes: 120 },
      { from: new Date('2026-10-25T01:00:00Z'), to: new Date('2027-01-01T00:00:00Z'), offsetMinutes: 60 },
    ]);
    expect(
      offsetRanges('UTC', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')),
    ).toHaveLength(1);
  });

  it('gives the local weekday (Monday first) and hour', () => {
    // Sunday 23:30 UTC is Monday 00:30 in Paris in winter.
    expect(localWeekdayHour(new Date('2026-11-29T23:30:00Z'), 60)).toEqual({ weekday: 0, hour: 0 });
    expect(localWeekdayHour(new Date('2026-11-29T23:30:00Z'), 0)).toEqual({ weekday: 6, hour: 23 });
  });

  it('names the local day of an instant, and finds when a local day starts, across a change of offset', () => {
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    // 23:30 UTC is already the next day in Paris, and still the same day in New York.
    expect(localDayOf('Europe/Paris', new Date('2026-03-01T23:30:00Z'))).toBe(day('2026-03-02'));
    expect(localDayOf('America/New_York', new Date('2026-03-02T03:00:00Z'))).toBe(day('2026-03-01'));
    expect(localDayOf('UTC', new Date('2026-03-01T23:30:00Z'))).toBe(day('2026-03-01'));
    expect(localDateOf(day('2026-03-02'))).toBe('2026-03-02');
    expect(startOfLocalDay('Europe/Paris', day('2026-03-02'))).toEqual(new Date('2026-03-01T23:00:00Z'));
    // The day after Paris moves to summer time starts at 22:00 UTC; the day it moves, at 23:00.
    expect(startOfLocalDay('Europe/Paris', day('2026-03-30'))).toEqual(new Date('2026-03-29T22:00:00Z'));
    expect(startOfLocalDay('Europe/Paris', day('2026-03-29'))).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(startOfLocalDay('Asia/Kolkata', day('2026-01-01'))).toEqual(new Date('2025-12-31T18:30:00Z'));
  });
});

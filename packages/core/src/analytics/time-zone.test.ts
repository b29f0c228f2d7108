import { describe, expect, it } from 'vitest';
import { isTimeZone, localWeekdayHour, offsetMinutesAt, offsetRanges } from './time-zone.js';

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
});

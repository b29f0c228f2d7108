import { describe, expect, it } from 'vitest';
import { nextPacificMidnight } from './next-pacific-midnight.js';

describe('nextPacificMidnight', () => {
  it.each([
    ['summer (PDT, UTC-7)', '2026-06-01T12:00:00.000Z', '2026-06-02T07:00:00.000Z'],
    ['winter (PST, UTC-8)', '2026-01-15T12:00:00.000Z', '2026-01-16T08:00:00.000Z'],
    ['just before midnight', '2026-01-16T07:59:59.999Z', '2026-01-16T08:00:00.000Z'],
    ['exactly at midnight: the next one', '2026-01-16T08:00:00.000Z', '2026-01-17T08:00:00.000Z'],
    ['the evening before spring forward', '2026-03-08T05:00:00.000Z', '2026-03-08T08:00:00.000Z'],
    ['the day clocks spring forward', '2026-03-08T12:00:00.000Z', '2026-03-09T07:00:00.000Z'],
    ['the evening before fall back', '2026-11-01T06:00:00.000Z', '2026-11-01T07:00:00.000Z'],
    ['the day clocks fall back', '2026-11-01T12:00:00.000Z', '2026-11-02T08:00:00.000Z'],
    ['the last day of a year', '2026-12-31T20:00:00.000Z', '2027-01-01T08:00:00.000Z'],
  ])('%s', (_what, now, expected) => {
    expect(nextPacificMidnight(new Date(now)).toISOString()).toBe(expected);
  });
});

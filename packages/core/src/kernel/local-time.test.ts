import { describe, expect, it } from 'vitest';
import {
  formatLocalDate,
  formatLocalDateTime,
  instantToLocal,
  type LocalDateTime,
  localToInstant,
  parseLocalDateTime,
} from './local-time.js';

const local = (text: string): LocalDateTime => parseLocalDateTime(text) as LocalDateTime;
const instant = (zone: string, text: string) => localToInstant(zone, local(text)).toISOString();

describe('local times in a zone', () => {
  it('converts ordinary times both ways, winter and summer', () => {
    expect(instant('Europe/Paris', '2026-12-01T10:30')).toBe('2026-12-01T09:30:00.000Z');
    expect(instant('Europe/Paris', '2026-07-01T10:30')).toBe('2026-07-01T08:30:00.000Z');
    expect(instant('America/New_York', '2026-12-01T10:30')).toBe('2026-12-01T15:30:00.000Z');
    expect(instant('Asia/Kolkata', '2026-12-01T10:30')).toBe('2026-12-01T05:00:00.000Z');
    expect(instant('UTC', '2026-12-01T10:30')).toBe('2026-12-01T10:30:00.000Z');
    expect(formatLocalDateTime(instantToLocal('Europe/Paris', new Date('2026-12-01T09:30:00Z')))).toBe(
      '2026-12-01T10:30',
    );
    expect(formatLocalDateTime(instantToLocal('America/New_York', new Date('2027-01-01T03:00:00Z')))).toBe(
      '2026-12-31T22:00',
    );
  });

  it('moves a time skipped in spring forward by the gap (Paris, New York)', () => {
    // Paris: 02:00 CET becomes 03:00 CEST on 2026-03-29 (01:00 UTC).
    expect(instant('Europe/Paris', '2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(formatLocalDateTime(instantToLocal('Europe/Paris', new Date('2026-03-29T01:30:00Z')))).toBe(
      '2026-03-29T03:30',
    );
    expect(instant('Europe/Paris', '2026-03-29T02:00')).toBe('2026-03-29T01:00:00.000Z');
    // Either side of the gap is untouched.
    expect(instant('Europe/Paris', '2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(instant('Europe/Paris', '2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    // New York: 02:00 EST becomes 03:00 EDT on 2026-03-08 (07:00 UTC).
    expect(instant('America/New_York', '2026-03-08T02:15')).toBe('2026-03-08T07:15:00.000Z');
    expect(instant('America/New_York', '2026-03-08T03:15')).toBe('2026-03-08T07:15:00.000Z');
  });

  it('takes the earlier instant of a time repeated in autumn (Paris, New York)', () => {
    // Paris: 03:00 CEST becomes 02:00 CET on 2026-10-25 (01:00 UTC); 02:30 happens twice.
    expect(instant('Europe/Paris', '2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(instant('Europe/Paris', '2026-10-25T01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(instant('Europe/Paris', '2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
    // Both instants read back as the same wall time.
    for (const at of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(formatLocalDateTime(instantToLocal('Europe/Paris', new Date(at)))).toBe('2026-10-25T02:30');
    }
    // New York: 02:00 EDT becomes 01:00 EST on 2026-11-01 (06:00 UTC); 01:30 happens twice.
    expect(instant('America/New_York', '2026-11-01T01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(instant('America/New_York', '2026-11-01T02:30')).toBe('2026-11-01T07:30:00.000Z');
  });

  it('round-trips every existing minute across a change', () => {
    const start = Date.parse('2026-10-24T22:00:00Z');
    for (let m = 0; m < 6 * 60; m += 7) {
      const at = new Date(start + m * 60_000);
      const back = localToInstant('Europe/Paris', instantToLocal('Europe/Paris', at));
      // A repeated hour reads back as its earlier instant, an hour before the later one.
      expect([at.getTime(), at.getTime() - 3_600_000]).toContain(back.getTime());
    }
  });

  it('reads what a datetime-local field sends and refuses what is not a real time', () => {
    expect(parseLocalDateTime('2026-12-01T10:30')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 10,
      minute: 30,
    });
    expect(parseLocalDateTime('2026-12-01T10:30:45')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 10,
      minute: 30,
    });
    for (const bad of [
      '',
      '2026-02-30T10:00',
      '2026-12-01 10:30',
      '2026-12-01T24:00',
      '2026-12-01T10:30Z',
      '0099-01-01T00:00',
    ])
      expect(parseLocalDateTime(bad)).toBeNull();
    expect(formatLocalDate({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09');
  });
});

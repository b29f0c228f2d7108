import { describe, expect, it } from 'vitest';
import { parseIsoDateTime } from './iso-date-time.js';

describe('parseIsoDateTime', () => {
  it.each([
    ['2026-12-01T09:30:00Z', '2026-12-01T09:30:00.000Z'],
    ['2026-12-01T09:30Z', '2026-12-01T09:30:00.000Z'],
    ['2026-12-01T09:30:00.5Z', '2026-12-01T09:30:00.500Z'],
    ['2026-12-01T09:30:00.123456789Z', '2026-12-01T09:30:00.123Z'],
    ['2026-12-01T11:30:00+02:00', '2026-12-01T09:30:00.000Z'],
    ['2026-12-01T04:00:00-05:30', '2026-12-01T09:30:00.000Z'],
    ['2028-02-29T00:00:00z', '2028-02-29T00:00:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-12-01T09:30:00', // no offset: the zone would be a guess
    '2026-12-01',
    'tomorrow',
    '',
    '2026-02-30T10:00:00Z',
    '2027-02-29T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-12-01T24:00:00Z',
    '2026-12-01T10:60:00Z',
    '2026-12-01T10:00:00+25:00',
    '1733045400',
  ])('refuses %s', (text) => {
    expect(parseIsoDateTime(text)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { COLLECTION_OFFSETS_MS, dueCollectionSlot, nextCollectionAt } from './collection-schedule.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const published = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(published.getTime() + ms);

describe('collection schedule', () => {
  it('reads at 1 h, 6 h, 24 h, 3 d, 7 d and 30 d, then weekly up to a year', () => {
    expect(COLLECTION_OFFSETS_MS.slice(0, 7)).toEqual([
      HOUR,
      6 * HOUR,
      DAY,
      3 * DAY,
      7 * DAY,
      30 * DAY,
      37 * DAY,
    ]);
    expect(COLLECTION_OFFSETS_MS.at(-1)).toBeLessThanOrEqual(365 * DAY);
    expect(COLLECTION_OFFSETS_MS.at(-1)).toBeGreaterThan(358 * DAY);
  });

  it('says which slot is due: none before the first hour, the latest one after a gap', () => {
    expect(dueCollectionSlot(published, at(59 * 60_000))).toBeNull();
    expect(dueCollectionSlot(published, at(HOUR))).toBe(0);
    expect(dueCollectionSlot(published, at(2 * DAY))).toBe(2);
    expect(dueCollectionSlot(published, at(400 * DAY))).toBe(COLLECTION_OFFSETS_MS.length - 1);
  });

  it('schedules the next read after the one done, and none after the last', () => {
    expect(nextCollectionAt(published, null)).toEqual(at(HOUR));
    expect(nextCollectionAt(published, 2)).toEqual(at(3 * DAY));
    expect(nextCollectionAt(published, COLLECTION_OFFSETS_MS.length - 1)).toBeNull();
  });
});

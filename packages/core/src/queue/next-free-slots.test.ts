import { describe, expect, it } from 'vitest';
import { isSlotInstant, nextFreeSlots } from './next-free-slots.js';
import type { PostingSchedule } from './posting-schedule.js';

const at = (iso: string) => new Date(iso);
const iso = (dates: readonly Date[]) => dates.map((d) => d.toISOString());
const sunday = (timeZone: string, ...times: string[]): PostingSchedule => ({
  timeZone,
  slots: times.map((time) => ({ day: 'sun', time })),
});

describe('nextFreeSlots', () => {
  it('hands out the next slots strictly after the time, in order, across days', () => {
    const schedule: PostingSchedule = {
      timeZone: 'UTC',
      slots: [
        { day: 'mon', time: '09:30' },
        { day: 'mon', time: '17:00' },
        { day: 'wed', time: '08:00' },
      ],
    };
    // 2026-11-30 is a Monday; 09:30 exactly is not "after".
    const found = nextFreeSlots(schedule, at('2026-11-30T09:30:00Z'), 3, [], null);
    expect(iso(found._unsafeUnwrap())).toEqual([
      '2026-11-30T17:00:00.000Z',
      '2026-12-02T08:00:00.000Z',
      '2026-12-07T09:30:00.000Z',
    ]);
  });

  it('skips taken instants, the same minute counting as taken', () => {
    const schedule = sunday('UTC', '09:00', '10:00', '11:00');
    const taken = [at('2026-12-06T09:00:40Z'), at('2026-12-06T11:00:00Z')];
    const found = nextFreeSlots(schedule, at('2026-12-01T00:00:00Z'), 2, taken, null);
    expect(iso(found._unsafeUnwrap())).toEqual(['2026-12-06T10:00:00.000Z', '2026-12-13T09:00:00.000Z']);
  });

  it('skips a local day that holds the daily cap, counting posts off the slots and the ones handed out', () => {
    const schedule = sunday('Europe/Paris', '09:00', '10:00', '11:00');
    // 23:30 UTC on Saturday is already Sunday in Paris: it counts towards that Sunday.
    const taken = [at('2026-12-05T23:30:00Z')];
    const found = nextFreeSlots(schedule, at('2026-12-01T00:00:00Z'), 3, taken, 2);
    expect(iso(found._unsafeUnwrap())).toEqual([
      '2026-12-06T08:00:00.000Z',
      '2026-12-13T08:00:00.000Z',
      '2026-12-13T09:00:00.000Z',
    ]);
  });

  it('refuses with no_free_slot when the year ahead holds too few, and with no slots at all', () => {
    const none = nextFreeSlots({ timeZone: 'UTC', slots: [] }, at('2026-12-01T00:00:00Z'), 1, [], null);
    expect(none._unsafeUnwrapErr().code).toBe('no_free_slot');
    const capped = nextFreeSlots(sunday('UTC', '09:00'), at('2026-12-01T00:00:00Z'), 53, [], null);
    expect(capped._unsafeUnwrapErr()).toMatchObject({
      code: 'no_free_slot',
      details: { free: 52, needed: 53 },
    });
  });

  describe('daylight-saving changes', () => {
    it('Paris, spring: a 02:30 slot on the change day moves forward to 03:30 CEST', () => {
      const found = nextFreeSlots(sunday('Europe/Paris', '02:30'), at('2026-03-28T12:00:00Z'), 2, [], null);
      expect(iso(found._unsafeUnwrap())).toEqual(['2026-03-29T01:30:00.000Z', '2026-04-05T00:30:00.000Z']);
    });

    it('Paris, spring: a 02:30 and a 03:30 slot land on one instant and count once', () => {
      const found = nextFreeSlots(
        sunday('Europe/Paris', '02:30', '03:30'),
        at('2026-03-28T12:00:00Z'),
        2,
        [],
        null,
      );
      expect(iso(found._unsafeUnwrap())).toEqual(['2026-03-29T01:30:00.000Z', '2026-04-05T00:30:00.000Z']);
    });

    it('Paris, autumn: a 02:30 slot in the repeated hour takes the earlier instant (CEST)', () => {
      const found = nextFreeSlots(sunday('Europe/Paris', '02:30'), at('2026-10-24T12:00:00Z'), 2, [], null);
      expect(iso(found._unsafeUnwrap())).toEqual(['2026-10-25T00:30:00.000Z', '2026-11-01T01:30:00.000Z']);
    });

    it('Paris, autumn: after the earlier 02:30 has passed, the later one is not handed out', () => {
      const found = nextFreeSlots(sunday('Europe/Paris', '02:30'), at('2026-10-25T00:45:00Z'), 1, [], null);
      expect(iso(found._unsafeUnwrap())).toEqual(['2026-11-01T01:30:00.000Z']);
    });

    it('New York, spring: a 02:30 slot on the change day is 03:30 EDT', () => {
      const found = nextFreeSlots(
        sunday('America/New_York', '02:30'),
        at('2026-03-07T12:00:00Z'),
        2,
        [],
        null,
      );
      expect(iso(found._unsafeUnwrap())).toEqual(['2026-03-08T07:30:00.000Z', '2026-03-15T06:30:00.000Z']);
    });

    it('New York, autumn: a 01:30 slot in the repeated hour is 01:30 EDT, the earlier instant', () => {
      const found = nextFreeSlots(
        sunday('America/New_York', '01:30'),
        at('2026-10-31T12:00:00Z'),
        2,
        [],
        null,
      );
      expect(iso(found._unsafeUnwrap())).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-08T06:30:00.000Z']);
    });
  });
});

describe('isSlotInstant', () => {
  it('knows the slot instants, the moved spring one included, and nothing else', () => {
    const schedule = sunday('Europe/Paris', '02:30');
    expect(isSlotInstant(schedule, at('2026-03-29T01:30:00Z'))).toBe(true);
    expect(isSlotInstant(schedule, at('2026-04-05T00:30:00Z'))).toBe(true);
    expect(isSlotInstant(schedule, at('2026-04-05T00:31:00Z'))).toBe(false);
    expect(isSlotInstant(schedule, at('2026-04-06T00:30:00Z'))).toBe(false);
  });
});

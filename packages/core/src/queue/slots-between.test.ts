import { describe, expect, it } from 'vitest';
import { nextFreeSlots, slotsBetween } from './next-free-slots.js';
import type { PostingSchedule } from './posting-schedule.js';

const iso = (dates: readonly Date[]) => dates.map((d) => d.toISOString());

describe('slotsBetween', () => {
  it('lists every slot instant in [from, to), in order, bounds included at the start only', () => {
    const schedule: PostingSchedule = {
      timeZone: 'Europe/Paris',
      slots: [
        { day: 'mon', time: '09:30' },
        { day: 'wed', time: '17:00' },
      ],
    };
    // Monday 2026-01-12 09:30 Paris is 08:30Z.
    expect(
      iso(slotsBetween(schedule, new Date('2026-01-12T08:30:00Z'), new Date('2026-01-19T08:30:00Z'))),
    ).toEqual(['2026-01-12T08:30:00.000Z', '2026-01-14T16:00:00.000Z']);
  });

  it('follows the DST rules of nextFreeSlots: a skipped time moves forward, a repeated one is taken once, early', () => {
    const schedule: PostingSchedule = {
      timeZone: 'Europe/Paris',
      slots: [
        { day: 'sun', time: '02:30' },
        { day: 'sun', time: '03:30' },
      ],
    };
    const spring = slotsBetween(schedule, new Date('2026-03-28T00:00:00Z'), new Date('2026-03-30T00:00:00Z'));
    expect(iso(spring)).toEqual(['2026-03-29T01:30:00.000Z']);
    const autumn = slotsBetween(schedule, new Date('2026-10-24T00:00:00Z'), new Date('2026-10-26T00:00:00Z'));
    expect(iso(autumn)).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T02:30:00.000Z']);
  });

  it('agrees with nextFreeSlots over a year of a New York schedule', () => {
    const schedule: PostingSchedule = {
      timeZone: 'America/New_York',
      slots: [
        { day: 'sun', time: '01:30' },
        { day: 'sun', time: '02:30' },
        { day: 'fri', time: '23:45' },
      ],
    };
    const from = new Date('2026-01-01T00:00:00Z');
    const listed = slotsBetween(schedule, from, new Date('2027-01-01T00:00:00Z'));
    const handed = nextFreeSlots(
      schedule,
      new Date(from.getTime() - 1),
      listed.length,
      [],
      null,
    )._unsafeUnwrap();
    expect(iso(listed)).toEqual(iso(handed));
    expect(listed.length).toBeGreaterThan(140);
  });

  it('is empty for a schedule without slots or an empty range', () => {
    expect(slotsBetween({ timeZone: 'UTC', slots: [] }, new Date(0), new Date(86_400_000 * 30))).toEqual([]);
    const daily: PostingSchedule = { timeZone: 'UTC', slots: [{ day: 'mon', time: '00:00' }] };
    expect(slotsBetween(daily, new Date('2026-01-12T00:00:00Z'), new Date('2026-01-12T00:00:00Z'))).toEqual(
      [],
    );
  });
});

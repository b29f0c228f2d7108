import { describe, expect, it } from 'vitest';
import { MAX_POSTING_SLOTS, parsePostingSchedule } from './posting-schedule.js';

describe('parsePostingSchedule', () => {
  it('keeps a repeated slot once and answers the slots in week order', () => {
    const parsed = parsePostingSchedule({
      timeZone: 'Europe/Paris',
      slots: [
        { day: 'fri', time: '17:00' },
        { day: 'mon', time: '09:30' },
        { day: 'fri', time: '17:00' },
        { day: 'mon', time: '08:00' },
      ],
    });
    expect(parsed._unsafeUnwrap()).toEqual({
      timeZone: 'Europe/Paris',
      slots: [
        { day: 'mon', time: '08:00' },
        { day: 'mon', time: '09:30' },
        { day: 'fri', time: '17:00' },
      ],
    });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus', slots: [] }, 'timeZone'],
    [{ timeZone: 'UTC', slots: [{ day: 'monday', time: '09:30' }] }, 'slots[0].day'],
    [{ timeZone: 'UTC', slots: [{ day: 'mon', time: '9:30' }] }, 'slots[0].time'],
    [{ timeZone: 'UTC', slots: [{ day: 'mon', time: '24:00' }] }, 'slots[0].time'],
  ])('refuses %j naming %s', (payload, field) => {
    const refused = parsePostingSchedule(payload)._unsafeUnwrapErr();
    expect(refused.code).toBe('validation_failed');
    expect(refused.details?.field).toBe(field);
  });

  it('refuses unknown fields and more than the most slots a week', () => {
    expect(parsePostingSchedule({ timeZone: 'UTC', slots: [], extra: 1 })._unsafeUnwrapErr().code).toBe(
      'validation_failed',
    );
    const slots = Array.from({ length: MAX_POSTING_SLOTS + 1 }, (_, i) => ({
      day: 'mon',
      time: `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    }));
    expect(parsePostingSchedule({ timeZone: 'UTC', slots })._unsafeUnwrapErr().details?.field).toBe('slots');
  });
});

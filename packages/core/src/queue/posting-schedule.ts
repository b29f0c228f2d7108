import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { isTimeZone, type SvcError, schemaIssues, svcError } from '../kernel/index.js';

/** The days of a posting week, in the order a person reads them (ISO: Monday first). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** One day of the week, as the slots' public shape writes it. */
export type Weekday = (typeof WEEKDAYS)[number];

/** A weekly posting time: a day and a 24-hour local `HH:MM`. */
export type PostingSlot = { readonly day: Weekday; readonly time: string };

/** An account's weekly posting times, read in `timeZone` (an IANA zone). */
export type PostingSchedule = { readonly timeZone: string; readonly slots: readonly PostingSlot[] };

/** Most slots an account may have in a week (seven a day, and a spare): more is a mistake, not a plan. */
export const MAX_POSTING_SLOTS = 50;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The public shape of an account's slots, as REST documents and answers it. */
export const postingScheduleSchema = z.strictObject({
  timeZone: z
    .string()
    .min(1)
    .describe('An IANA time zone the slot times are read in, for example Europe/Paris.'),
  slots: z
    .array(
      z.strictObject({
        day: z.enum(WEEKDAYS),
        time: z.string().regex(TIME).describe('24-hour local time, HH:MM.'),
      }),
    )
    .max(MAX_POSTING_SLOTS)
    .describe('Weekly posting times; a repeated slot is kept once, the answer lists them in week order.'),
});

const scheduleSchema = z.strictObject({
  timeZone: z.string().min(1),
  slots: z.array(z.strictObject({ day: z.string(), time: z.string() })),
});

const refusal = (message: string, details: Record<string, unknown>) =>
  err(svcError('validation_failed', message, details));

/**
 * Parses a slots payload (`{ timeZone, slots: [{ day, time }] }`). Refuses, with
 * `validation_failed` naming the field, an unknown zone, a day other than `mon`…`sun`, a time that
 * is not a 24-hour `HH:MM`, and more than MAX_POSTING_SLOTS slots. The same slot written twice is
 * kept once (a repeat asks for nothing different); the answer lists the slots in week order.
 */
export function parsePostingSchedule(raw: unknown): Result<PostingSchedule, SvcError> {
  const parsed = scheduleSchema.safeParse(raw);
  if (!parsed.success)
    return refusal(
      'Send { "timeZone": "Europe/Paris", "slots": [{ "day": "mon", "time": "09:30" }] } with no other fields.',
      { issues: schemaIssues(parsed.error) },
    );
  const { timeZone, slots } = parsed.data;
  if (!isTimeZone(timeZone))
    return refusal(`${timeZone} is not a time zone. Use an IANA name such as Europe/Paris or UTC.`, {
      field: 'timeZone',
    });
  for (const [i, slot] of slots.entries()) {
    if (!(WEEKDAYS as readonly string[]).includes(slot.day))
      return refusal(`slots[${i}].day "${slot.day}" is not a day: use one of ${WEEKDAYS.join(', ')}.`, {
        field: `slots[${i}].day`,
      });
    if (!TIME.test(slot.time))
      return refusal(`slots[${i}].time "${slot.time}" is not a 24-hour time: write HH:MM, 00:00 to 23:59.`, {
        field: `slots[${i}].time`,
      });
  }
  const unique = sortSlots([...new Map(slots.map((s) => [`${s.day} ${s.time}`, s as PostingSlot])).values()]);
  if (unique.length > MAX_POSTING_SLOTS)
    return refusal(`At most ${MAX_POSTING_SLOTS} slots a week; this asks for ${unique.length}.`, {
      field: 'slots',
      limit: MAX_POSTING_SLOTS,
    });
  return ok({ timeZone, slots: unique });
}

/** Slots in week order: Monday first, then by time. */
export function sortSlots(slots: readonly PostingSlot[]): PostingSlot[] {
  return [...slots].sort(
    (a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time),
  );
}

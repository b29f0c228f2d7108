import { type SvcError, svcError } from '../kernel/index.js';

/**
 * The errors of a post's `scheduledTime`, whichever way it arrives (a new post, an edit, a draft,
 * a retry): one code and one field each, so every caller can be answered the same way; `message`
 * says what was wrong with it where that differs.
 */

/** `invalid_scheduled_time`: not a time the service takes (unreadable, missing where required). */
export function invalidScheduledTime(message: string): SvcError {
  return svcError('invalid_scheduled_time', message, { field: 'scheduledTime' });
}

/**
 * `scheduled_time_in_past`: `time` is not after `now`. `name` is the field as the caller wrote it;
 * `advice` ends the message with what to send instead.
 */
export function scheduledTimeInPast(name: string, time: Date, now: Date, advice: string): SvcError {
  // `time` rides along so a surface can say it back in the person's own zone (core's vocabulary).
  return svcError('scheduled_time_in_past', `${name} ${time.toISOString()} is not in the future. ${advice}`, {
    field: 'scheduledTime',
    time: time.toISOString(),
    now: now.toISOString(),
  });
}

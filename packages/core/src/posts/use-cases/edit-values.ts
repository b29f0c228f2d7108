import { err, ok, type Result } from 'neverthrow';
import { parseIsoDateTime, type SvcError, svcError } from '../../kernel/index.js';
import type { PolicyConfig } from '../../policy/index.js';

/** A replacement caption within the service's own ceiling (platforms' ceilings are the policy's). */
export function checkedCaption(
  caption: string,
  policy: Pick<PolicyConfig, 'captionMax'>,
): Result<string, SvcError> {
  if (Array.from(caption).length <= policy.captionMax) return ok(caption);
  return err(
    svcError('caption_too_long', `The caption is longer than ${policy.captionMax} characters. Shorten it.`, {
      field: 'caption',
      max: policy.captionMax,
    }),
  );
}

/** A replacement title: trimmed; empty or null removes it (the platforms' limits are the policy's). */
export function titleOf(title: string | null): string | null {
  const trimmed = title?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A `scheduled_time` given to a draft or an edit: ISO 8601 with an offset, and in the future. */
export function futureTime(value: string, now: Date): Result<Date, SvcError> {
  const time = parseIsoDateTime(value);
  if (time === null) {
    return err(
      svcError(
        'invalid_scheduled_time',
        'scheduled_time is not an ISO 8601 date-time with an offset, such as 2026-03-01T09:00:00Z.',
        { field: 'scheduledTime' },
      ),
    );
  }
  if (time.getTime() <= now.getTime()) {
    return err(
      svcError(
        'scheduled_time_in_past',
        `scheduled_time ${time.toISOString()} is not in the future. Send a later time.`,
        {
          field: 'scheduledTime',
          now: now.toISOString(),
        },
      ),
    );
  }
  return ok(time);
}

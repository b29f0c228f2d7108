import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { type SvcError, svcError } from '../kernel/index.js';

/** Longest wait between two copies of an evergreen post: a year. */
export const MAX_EVERGREEN_DAYS = 365;
/** Most copies one evergreen post can make: past that it is a campaign, not a post. */
export const MAX_EVERGREEN_TIMES = 100;

/**
 * How a post is recycled (docs/queue.md, "Evergreen recycling"): a copy enters its account's
 * queue `everyDays` after the post (or its latest copy) went out, at most `maxTimes` copies, and
 * with `onlyAboveMedian` only while the post did better than the account's median.
 */
export type EvergreenRule = {
  readonly everyDays: number;
  readonly maxTimes: number;
  readonly onlyAboveMedian: boolean;
};

/** The public shape of the rule, as REST and the tools document it. */
export const evergreenRuleSchema = z.strictObject({
  everyDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_EVERGREEN_DAYS)
    .describe('Days after the post (or its latest copy) went out before a copy enters the queue, 1 to 365.'),
  maxTimes: z.number().int().min(1).max(MAX_EVERGREEN_TIMES).describe('Most copies made, 1 to 100.'),
  onlyAboveMedian: z
    .boolean()
    .optional()
    .describe("Copy only while the post's engagement is above its account's median (default false)."),
});

/**
 * Parses an evergreen rule as a request carries it; null (or absent) means no rule. Refuses with
 * `validation_failed` naming the field (`evergreen.everyDays`, …) anything else.
 */
export function parseEvergreenRule(raw: unknown): Result<EvergreenRule | null, SvcError> {
  if (raw === undefined || raw === null) return ok(null);
  const parsed = evergreenRuleSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['evergreen', ...(issue?.path ?? []).map(String)].join('.');
    return err(
      svcError(
        'validation_failed',
        `${field}: send { "everyDays": 1 to ${MAX_EVERGREEN_DAYS}, "maxTimes": 1 to ${MAX_EVERGREEN_TIMES}, "onlyAboveMedian": true or false } with no other fields.`,
        { field },
      ),
    );
  }
  const { everyDays, maxTimes, onlyAboveMedian } = parsed.data;
  return ok({ everyDays, maxTimes, onlyAboveMedian: onlyAboveMedian ?? false });
}

import { z } from 'zod';
import { PLATFORMS } from '../../kernel/index.js';
import { COVERAGE_STATES } from '../analytics-coverage.js';
import { METRIC_NAMES } from '../analytics-metrics.js';

const figures = z.object({ posts: z.number().int(), views: z.number(), engagement: z.number() });
const comparison = z.object({
  current: figures,
  previous: figures,
  /** A ratio (0.25 = +25 %); null when the previous period had nothing to compare with. */
  change: z.object({ views: z.number().nullable(), engagement: z.number().nullable() }),
});
const recommendation = <T extends z.ZodType>(value: T) =>
  z.object({
    value: value.nullable(),
    samples: z.number().int(),
    averageEngagement: z.number().nullable(),
    reason: z.enum(['too_few_samples']).nullable(),
  });
const weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const byPlatform = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(PLATFORMS.map((p) => [p, value.optional()])) as Record<
      (typeof PLATFORMS)[number],
      z.ZodOptional<T>
    >,
  );
const metricCounts = z.object(
  Object.fromEntries(METRIC_NAMES.map((m) => [m, z.number().int().optional()])) as Record<
    (typeof METRIC_NAMES)[number],
    z.ZodOptional<z.ZodNumber>
  >,
);

/** What `getAnalytics` answers, as JSON: the same on REST and in `svc_get_analytics`. */
export const analyticsAnswerSchema = z.object({
  days: z.number().int(),
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  coverage: byPlatform(
    z.object({
      state: z
        .enum(COVERAGE_STATES)
        .describe(
          'no_posts: nothing published in the window; no_metrics: published, but no figures read for any post yet; partial: figures for some posts; complete: for every post.',
        ),
      posts: z.number().int(),
      metrics: metricCounts,
      unavailable: z.array(z.enum(METRIC_NAMES)),
      missing: z.array(
        z.object({
          reason: z.enum(['scope_not_granted', 'too_few_viewers', 'not_yet_collected']),
          posts: z.number().int(),
        }),
      ),
    }),
  ),
  totals: figures.extend({ byPlatform: byPlatform(figures) }),
  weekOnWeek: comparison,
  monthOnMonth: comparison,
  yearOnYear: comparison,
  bestHour: recommendation(z.number().int()),
  bestWeekday: recommendation(weekday),
  bestCategory: recommendation(z.string()),
  bestTimes: z.array(
    z.object({
      weekday,
      hour: z.number().int(),
      samples: z.number().int(),
      averageEngagement: z.number().nullable(),
    }),
  ),
  topPosts: byPlatform(
    z.array(
      z.object({
        rank: z.number().int(),
        postId: z.string(),
        permalink: z.string().nullable(),
        metric: z.enum(['engagement']),
        value: z.number(),
        relativeToPlatformBest: z.number(),
      }),
    ),
  ),
});

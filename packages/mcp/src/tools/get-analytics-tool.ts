import { ANALYTICS_DAYS, getAnalytics, METRIC_NAMES, PLATFORMS } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

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

/** `svc_get_analytics`: views, engagement, trends, best times and top posts, with coverage first. */
export const getAnalyticsTool = defineTool({
  name: 'svc_get_analytics',
  title: 'Get analytics',
  description:
    'Returns views and engagement of your published posts over the last `days` days: totals overall and per platform, week-on-week, month-on-month and year-on-year change with raw figures and post counts, the best posting hour, weekday and content category (each with `samples`; null with reason too_few_samples when there are too few posts to say), a weekday-by-hour grid of average engagement (bestTimes), and top posts ranked within each platform only. Read `coverage` first: it says per platform which metrics exist, how many posts have them, and why some are missing.',
  scope: 'post:read',
  annotations: READ_ONLY,
  input: z.strictObject({
    days: z
      .number()
      .int()
      .min(ANALYTICS_DAYS.min)
      .max(ANALYTICS_DAYS.max)
      .optional()
      .describe(
        `The window in days, ${ANALYTICS_DAYS.min} to ${ANALYTICS_DAYS.max} (default ${ANALYTICS_DAYS.default}).`,
      ),
    profile_ids: z
      .array(z.string().min(1))
      .optional()
      .describe('Only these accounts; omit for every account this key may see.'),
    timezone: z
      .string()
      .min(1)
      .optional()
      .describe('IANA time zone for the best hour, weekday and bestTimes, e.g. Europe/Paris (default UTC).'),
  }),
  output: z.object({
    days: z.number().int(),
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    coverage: byPlatform(
      z.object({
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
  }),
  async run({ deps, actor }, args) {
    return getAnalytics(deps.core, actor, {
      days: args.days ?? null,
      profileIds: args.profile_ids ?? null,
      timezone: args.timezone ?? null,
    }).map((answer) => {
      const pct = (change: number | null) =>
        change === null ? 'n/a' : `${change >= 0 ? '+' : ''}${Math.round(change * 100)}%`;
      const best = (label: string, r: { value: unknown; samples: number }) =>
        r.value === null
          ? `${label}: too few posts to say (${r.samples})`
          : `${label}: ${r.value} (${r.samples} posts)`;
      const lines = [
        `${answer.totals.posts} post(s) in ${answer.days} day(s): ${answer.totals.views} views, ${answer.totals.engagement} engagement.`,
        `Week on week: views ${pct(answer.weekOnWeek.change.views)}, engagement ${pct(answer.weekOnWeek.change.engagement)}.`,
        `${best('Best hour', answer.bestHour)}; ${best('best weekday', answer.bestWeekday)}; ${best('best category', answer.bestCategory)}.`,
      ];
      return { structured: { ...answer, bestTimes: [...answer.bestTimes] }, summary: lines.join('\n') };
    });
  },
});

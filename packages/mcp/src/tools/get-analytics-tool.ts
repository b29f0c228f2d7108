import {
  ANALYTICS_DAYS,
  analyticsAnswerSchema,
  FIGURES_SCHEDULE_SENTENCE,
  getAnalytics,
  missingFiguresSentence,
  PLATFORM_NAMES,
  PLATFORMS,
} from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';
import { coreInput } from './core-input.js';

/** `svc_get_analytics`: views, engagement, trends, best times and top posts, with coverage first. */
export const getAnalyticsTool = defineTool({
  name: 'svc_get_analytics',
  title: 'Get analytics',
  description:
    'Returns views and engagement of your published posts over the last `days` days: totals overall and per platform, week-on-week, month-on-month and year-on-year change with raw figures and post counts, the best posting hour, weekday and content category (each with `samples`; null with reason too_few_samples when there are too few posts to say), a weekday-by-hour grid of average engagement (bestTimes), and top posts ranked within each platform only. Read `coverage` first: it says per platform which metrics exist, how many posts have them, and why some are missing.',
  scope: 'post:read',
  action: 'analytics:read',
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
  output: analyticsAnswerSchema,
  async run({ deps, actor }, args) {
    return getAnalytics(deps.core, actor, coreInput(args)).map((answer) => {
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
        // Figures not read yet are not zeros: say when they will appear (a sandbox's start at zero).
        ...(answer.totals.views === 0 && answer.totals.engagement === 0 ? [FIGURES_SCHEDULE_SENTENCE] : []),
        ...PLATFORMS.flatMap((p) =>
          (answer.coverage[p]?.missing ?? [])
            .filter((m) => m.reason === 'not_yet_collected')
            .map((m) => `${PLATFORM_NAMES[p]}: ${missingFiguresSentence(m.reason, m.posts)}`),
        ),
      ];
      return { structured: { ...answer, bestTimes: [...answer.bestTimes] }, summary: lines.join('\n') };
    });
  },
});

import type { Platform } from '../kernel/index.js';

/** Every per-post metric the service reads from a platform. */
export const METRIC_NAMES = [
  'views',
  'reach',
  'likes',
  'comments',
  'shares',
  'saves',
  'replies',
  'reposts',
  'quotes',
  'reactions',
] as const;

/** A per-post metric. */
export type MetricName = (typeof METRIC_NAMES)[number];

/**
 * What each platform's API reports per post (platforms.md 1.5, 2.5, 3.5, 4.4, 5.3). Facebook's
 * `views` are video plays: a feed or photo post has none, and that is not a zero.
 */
export const PLATFORM_METRICS: Readonly<Record<Platform, readonly MetricName[]>> = {
  instagram: ['views', 'reach', 'likes', 'comments', 'shares', 'saves'],
  tiktok: ['views', 'likes', 'comments', 'shares'],
  youtube: ['views', 'likes', 'comments'],
  threads: ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'],
  facebook: ['views', 'reactions', 'comments', 'shares'],
};

/**
 * The interactions that make a post's engagement on each platform: every reported reaction of a
 * person to the post, never its views or reach. Written in docs/analytics.md.
 */
export const ENGAGEMENT_METRICS: Readonly<Record<Platform, readonly MetricName[]>> = {
  instagram: ['likes', 'comments', 'shares', 'saves'],
  tiktok: ['likes', 'comments', 'shares'],
  youtube: ['likes', 'comments'],
  threads: ['likes', 'replies', 'reposts', 'quotes', 'shares'],
  facebook: ['reactions', 'comments', 'shares'],
};

/** A post's latest figures, by metric; a metric the platform did not report is absent. */
export type PostMetrics = Readonly<Partial<Record<MetricName, number>>>;

/**
 * The post's engagement: the sum of its platform's engagement metrics that were reported, or
 * null when none was (absent is not zero).
 */
export function engagementOf(platform: Platform, metrics: PostMetrics): number | null {
  let total: number | null = null;
  for (const metric of ENGAGEMENT_METRICS[platform]) {
    const value = metrics[metric];
    if (value !== undefined) total = (total ?? 0) + value;
  }
  return total;
}

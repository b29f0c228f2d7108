import { createHash } from 'node:crypto';
import { type MetricName, PLATFORM_METRICS } from '@svc/core';
import type { SandboxPlatform } from './sandbox-publication.js';

/** How one metric's ceiling derives from another's: `parent` × a ratio between `low` and `high`. */
type Derived = { readonly parent: string; readonly low: number; readonly high: number };

/** A metric: the root (views), a share of another metric, or the sum of others. */
type MetricRule = 'root' | Derived | { readonly sum: readonly string[] } | 'zero';

// Each chain keeps ratios at most 1 where real audiences shrink (views ≥ reach ≥ likes ≥ comments),
// so every figure stays below its parent at every moment: all metrics of a post share one curve.
const RULES: Readonly<Record<SandboxPlatform, Readonly<Record<string, MetricRule>>>> = {
  instagram: {
    views: 'root',
    reach: { parent: 'views', low: 0.45, high: 0.85 },
    likes: { parent: 'reach', low: 0.03, high: 0.12 },
    comments: { parent: 'likes', low: 0.04, high: 0.2 },
    shares: { parent: 'likes', low: 0.02, high: 0.25 },
    saved: { parent: 'likes', low: 0.02, high: 0.3 },
    total_interactions: { sum: ['likes', 'comments', 'shares', 'saved'] },
  },
  threads: {
    views: 'root',
    likes: { parent: 'views', low: 0.02, high: 0.1 },
    replies: { parent: 'likes', low: 0.05, high: 0.3 },
    reposts: { parent: 'likes', low: 0.02, high: 0.2 },
    quotes: { parent: 'reposts', low: 0.1, high: 0.5 },
    shares: { parent: 'likes', low: 0.01, high: 0.15 },
  },
  facebook: {
    blue_reels_play_count: 'root',
    // Total plays count replays too, so they run a little above the initial plays.
    fb_reels_total_plays: { parent: 'blue_reels_play_count', low: 1, high: 1.4 },
    post_impressions_unique: { parent: 'blue_reels_play_count', low: 0.5, high: 0.85 },
    reactions: { parent: 'post_impressions_unique', low: 0.02, high: 0.1 },
    comments: { parent: 'reactions', low: 0.05, high: 0.3 },
    shares: { parent: 'reactions', low: 0.02, high: 0.25 },
    post_video_social_actions: { sum: ['reactions', 'comments', 'shares'] },
  },
  tiktok: {
    view_count: 'root',
    like_count: { parent: 'view_count', low: 0.03, high: 0.15 },
    comment_count: { parent: 'like_count', low: 0.01, high: 0.1 },
    share_count: { parent: 'like_count', low: 0.01, high: 0.12 },
  },
  youtube: {
    viewCount: 'root',
    likeCount: { parent: 'viewCount', low: 0.02, high: 0.08 },
    commentCount: { parent: 'likeCount', low: 0.02, high: 0.12 },
    // YouTube has answered 0 since favourites were retired.
    favoriteCount: 'zero',
  },
};

// Settled views range from `min` to `max`, log-uniformly, so most posts are small and a few large.
const ROOT_RANGE: Readonly<Record<SandboxPlatform, { min: number; max: number }>> = {
  instagram: { min: 50, max: 20_000 },
  threads: { min: 20, max: 8_000 },
  facebook: { min: 30, max: 10_000 },
  tiktok: { min: 100, max: 50_000 },
  youtube: { min: 50, max: 30_000 },
};

const HOUR_MS = 3_600_000;

/** The metric names `simulatedMetric` knows, per platform, as each platform's API spells them. */
export const SIMULATED_METRICS: Readonly<Record<SandboxPlatform, readonly string[]>> = perPlatform(
  (platform) => Object.keys(RULES[platform]),
);

/** A value for each platform, made by `of`. */
function perPlatform<T>(of: (platform: SandboxPlatform) => T): Record<SandboxPlatform, T> {
  const entries = (Object.keys(RULES) as SandboxPlatform[]).map((platform) => [platform, of(platform)]);
  return Object.fromEntries(entries) as Record<SandboxPlatform, T>;
}

/** A number in [0, 1) fixed by (platform, post id, label). */
function unit(platform: SandboxPlatform, postId: string, label: string): number {
  const hex = createHash('sha256').update(`${platform}\n${postId}\n${label}`).digest('hex');
  return Number.parseInt(hex.slice(0, 13), 16) / 16 ** 13;
}

/** The settled value of `metric` before rounding (the ceiling of its curve). */
function ceilingOf(platform: SandboxPlatform, postId: string, metric: string): number {
  const rule = RULES[platform][metric];
  if (rule === undefined || rule === 'zero') return 0;
  if (rule === 'root') {
    const { min, max } = ROOT_RANGE[platform];
    return min * (max / min) ** unit(platform, postId, metric);
  }
  if ('sum' in rule) return 0;
  const { parent, low, high } = rule;
  return ceilingOf(platform, postId, parent) * (low + (high - low) * unit(platform, postId, metric));
}

/** The post's time constant τ: between 2 and 48 hours, from the post id. */
export function metricTimeConstantMs(platform: SandboxPlatform, postId: string): number {
  return (2 + 46 * unit(platform, postId, 'tau')) * HOUR_MS;
}

/**
 * The figure the simulators answer for `metric` of a post published at `publishedAt`, seen at
 * `now`; the same inputs always give the same figure. With t = now − publishedAt:
 *
 *   value(t) = floor(C × (1 − e^(−t/τ)))   for t > 0, and 0 for t ≤ 0 (before publishing)
 *
 * - τ (one per post) = (2 + 46·u("tau")) hours, so a post settles within a few days;
 * - the root metric's ceiling C = min × (max/min)^u(metric) (views: Instagram 50–20k, Threads
 *   20–8k, Facebook 30–10k, TikTok 100–50k, YouTube 50–30k);
 * - every other ceiling is its parent's times low + (high − low)·u(metric) (reach 45–85 % of
 *   views, likes 3–12 % of reach, comments 4–20 % of likes…), so views ≥ reach ≥ likes ≥ comments
 *   hold at every moment, all metrics of a post sharing one curve;
 * - sums (`total_interactions`, `post_video_social_actions`) add their parts' values; YouTube's
 *   `favoriteCount` is always 0;
 *
 * where u(label) is the first 52 bits of SHA-256(`<platform>\n<postId>\n<label>`) as a fraction
 * in [0, 1). `postId` is the publication's id (`SandboxPublication.id`: the media id, the
 * Facebook post id or reel video id, the TikTok post id, the YouTube video id). `metric` is one of
 * `SIMULATED_METRICS[platform]`; any other name throws.
 */
export function simulatedMetric(
  platform: SandboxPlatform,
  postId: string,
  metric: string,
  publishedAt: Date,
  now: Date,
): number {
  const rule = RULES[platform][metric];
  if (rule === undefined) throw new TypeError(`simulatedMetric: ${platform} has no metric "${metric}"`);
  if (typeof rule === 'object' && 'sum' in rule) {
    return rule.sum.reduce(
      (total, part) => total + simulatedMetric(platform, postId, part, publishedAt, now),
      0,
    );
  }
  const t = now.getTime() - publishedAt.getTime();
  if (t <= 0) return 0;
  const progress = 1 - Math.exp(-t / metricTimeConstantMs(platform, postId));
  return Math.floor(ceilingOf(platform, postId, metric) * progress);
}

// Where a simulated API names one of the service's metrics otherwise; the rest share our names.
const RENAMED: Readonly<Record<SandboxPlatform, Readonly<Partial<Record<MetricName, string>>>>> = {
  instagram: { saves: 'saved' },
  threads: {},
  facebook: {},
  tiktok: { views: 'view_count', likes: 'like_count', comments: 'comment_count', shares: 'share_count' },
  youtube: { views: 'viewCount', likes: 'likeCount', comments: 'commentCount' },
};

/**
 * The service's metric names (core's `PLATFORM_METRICS`, docs/analytics.md) as each simulated API
 * spells them, for tests that compute the figures a reading must hold with `simulatedMetric`; a
 * metric the simulator has no rule for is left out. Facebook's are a Page post's counters (a
 * reel's plays are `blue_reels_play_count`, so its views are left out).
 */
export const SERVICE_METRIC_NAMES: Readonly<Record<SandboxPlatform, Readonly<Record<string, string>>>> =
  perPlatform((platform) => {
    const named = PLATFORM_METRICS[platform].map((ours) => [ours, RENAMED[platform][ours] ?? ours] as const);
    return Object.fromEntries(named.filter(([, theirs]) => theirs in RULES[platform]));
  });

import { localDateOf, PLATFORMS, type Platform } from '../kernel/index.js';
import type { DaySums } from './analytics-aggregates.js';
import {
  type AnalyticsWindow,
  type AnsweredWindow,
  answeredWindow,
  type Figures,
} from './answer-analytics.js';

/** One platform's figures on one local day. */
export type DayFigures = Figures & {
  /** The local day, `YYYY-MM-DD` in the answer's time zone. */
  readonly date: string;
};

/**
 * Views and engagement per local day and platform: what the console's charts draw. Its window
 * starts (`from`) at the start of the first local day.
 */
export type AnalyticsSeries = AnsweredWindow & {
  /** Every local day of the window, oldest first; the last is today, so far. */
  readonly dates: readonly string[];
  /**
   * Each platform with posts in the window, with one entry per date (same order as `dates`);
   * a day nothing was published on is zeros, so every series can be drawn as it is.
   */
  readonly byPlatform: Readonly<Partial<Record<Platform, readonly DayFigures[]>>>;
};

/** The window of a series: `days` local days, the first starting at `from`. */
export type SeriesWindow = Omit<AnalyticsWindow, 'platforms'> & {
  /** The first local day, as days since 1970-01-01. */
  readonly firstDay: number;
};

/**
 * Turns the store's per-day sums into the series, filling the days and platforms the store left
 * out with zeros; pure. Rows outside the window's days are ignored (they cannot come from a store
 * that honoured the query, but an answer must never grow past its window).
 */
export function answerAnalyticsSeries(window: SeriesWindow, rows: readonly DaySums[]): AnalyticsSeries {
  const dates = Array.from({ length: window.days }, (_, i) => localDateOf(window.firstDay + i));
  const held = new Map<Platform, Figures[]>();
  for (const row of rows) {
    const index = row.day - window.firstDay;
    if (index < 0 || index >= window.days) continue;
    let series = held.get(row.platform);
    if (series === undefined) {
      series = dates.map(() => ({ posts: 0, views: 0, engagement: 0 }));
      held.set(row.platform, series);
    }
    const day = series[index] ?? { posts: 0, views: 0, engagement: 0 };
    // A store may split a day's rows (never today, but adding keeps the answer right if it does).
    series[index] = {
      posts: day.posts + row.posts,
      views: day.views + row.views,
      engagement: day.engagement + row.engagement,
    };
  }
  const byPlatform: Partial<Record<Platform, DayFigures[]>> = {};
  for (const platform of PLATFORMS) {
    const series = held.get(platform);
    if (series !== undefined) {
      byPlatform[platform] = series.map((figures, i) => ({ date: dates[i] ?? '', ...figures }));
    }
  }
  return {
    ...answeredWindow(window),
    dates,
    byPlatform,
  };
}

// @svc/core/analytics — Analytics: when metrics are collected, what they add up to, and the answers built from them.
// This file is the area's contract: other areas and packages import only what it exports.
export {
  type AnalyticsAggregates,
  type CategorySums,
  type CollectionCounts,
  type DaySums,
  PERIOD_NAMES,
  type PeriodName,
  type PlatformSums,
  type RankedPost,
  type SumsByPlatform,
  type TimeCell,
  TOP_POSTS,
} from './analytics-aggregates.js';
export {
  COVERAGE_STATES,
  type CoverageState,
  coverageState,
  type MissingReason,
  type PlatformCoverage,
} from './analytics-coverage.js';
export {
  ENGAGEMENT_METRICS,
  engagementOf,
  METRIC_NAMES,
  type MetricName,
  PLATFORM_METRICS,
  type PostMetrics,
} from './analytics-metrics.js';
export {
  type AnalyticsAnswer,
  type AnalyticsWindow,
  answerAnalytics,
  type BestTimeCell,
  type Comparison,
  changeOf,
  type Figures,
  MIN_BUCKET_SAMPLES,
  MIN_TOTAL_SAMPLES,
  type Recommendation,
  type TopPost,
} from './answer-analytics.js';
export {
  type AnalyticsSeries,
  answerAnalyticsSeries,
  type DayFigures,
  type SeriesWindow,
} from './answer-analytics-series.js';
export type {
  AwaitedIdResult,
  CollectionJob,
  CollectionResult,
  CollectionStatus,
  NewCollection,
} from './collection-job.js';
export { COLLECTION_OFFSETS_MS, dueCollectionSlot, nextCollectionAt } from './collection-schedule.js';
export { collectionsFromEvents } from './collections-from-events.js';
export { type CollectionDecision, decideCollection, unreadableAccountRetry } from './decide-collection.js';
export { decidePublicIdCheck, type PublicIdDecision } from './decide-public-id-check.js';
export type {
  FollowersAnswer,
  MetricsAnswer,
  MetricsTarget,
  PostMetricsReading,
  PublicIdAnswer,
  PublicIdTarget,
} from './metrics-answer.js';
export { FIGURES_SCHEDULE_SENTENCE, missingFiguresSentence } from './missing-figures-sentence.js';
export { PLATFORM_DEFAULT_SLOTS } from './platform-default-slots.js';
export type {
  AnalyticsQuery,
  AnalyticsSeriesQuery,
  AnalyticsStore,
  MetricSnapshot,
} from './ports/analytics-store.js';
export type { MetricsGateway } from './ports/metrics-gateway.js';
export {
  firstPublicIdCheckAt,
  nextPublicIdCheckAt,
  PUBLIC_ID_CHECKS_MS,
} from './public-id-schedule.js';
export {
  type SlotSuggestion,
  SUGGESTED_SLOTS,
  SUGGESTED_SLOTS_PER_DAY,
  type SuggestionCell,
  type SuggestionOptions,
  suggestPostingSlots,
} from './suggest-posting-slots.js';
export { analyticsAnswerSchema } from './use-cases/analytics-answer.js';
export { collectAnalyticsNow } from './use-cases/collect-analytics-now.js';
export { getAnalytics } from './use-cases/get-analytics.js';
export { getAnalyticsSeries } from './use-cases/get-analytics-series.js';
export {
  type AccountSlotSuggestion,
  acceptSlotSuggestions,
  getSlotSuggestions,
  SUGGESTION_DAYS,
  type SuggestionInput,
} from './use-cases/posting-slot-suggestions.js';
export {
  ANALYTICS_DAYS,
  type AnalyticsInput,
  type AnalyticsRequest,
  readAnalyticsInput,
} from './use-cases/read-analytics-input.js';
export { slotSuggestionSchema } from './use-cases/slot-suggestion-schema.js';

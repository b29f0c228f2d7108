import type {
  FollowersAnswer,
  MetricsAnswer,
  MetricsTarget,
  PublicIdAnswer,
  PublicIdTarget,
} from '../metrics-answer.js';

/** The metrics part of a platform's gateway, for platforms whose metrics we read. */
export type MetricsGateway = {
  /** How many posts one `readMetrics` call takes (TikTok 20, YouTube 50, Graph platforms 1 per call). */
  readonly metricsBatchSize?: number;
  /**
   * The latest metrics of published posts of one account, at most `metricsBatchSize`. Never
   * rejects for a platform's refusal: it comes back as its kind; faults come back as `retry`.
   */
  readMetrics?(
    credentials: Readonly<Record<string, unknown>>,
    targets: readonly MetricsTarget[],
  ): Promise<MetricsAnswer>;
  /** The account's follower count now. Never rejects, like `readMetrics`. */
  readFollowers?(credentials: Readonly<Record<string, unknown>>): Promise<FollowersAnswer>;
  /**
   * Asks whether the public id a publish was posted without has come (platforms whose publishes
   * can be `publicIdPending`: TikTok's moderation). Never rejects, like `readMetrics`.
   */
  readPublicId?(
    credentials: Readonly<Record<string, unknown>>,
    target: PublicIdTarget,
  ): Promise<PublicIdAnswer>;
};

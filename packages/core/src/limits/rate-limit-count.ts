/** A counter after a hit: the hits its current window holds, and when that window began. */
export type RateLimitCount = {
  readonly count: number;
  readonly windowStart: Date;
};

/** How post creation talks to the publisher without depending on it. */
export type PublisherSignal = {
  /** When the next publisher run starts, as seen at `now`: the `scheduledTime` of immediate posts. */
  nextRunAt(now: Date): Date;
  /** Tells the publisher that posts fall due at `dueAt`, so it can wake early. */
  postsDue(dueAt: Date): void;
};

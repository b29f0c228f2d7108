/**
 * A background worker of one process (the collector, the comment replier, the webhook worker):
 * a loop of rounds, one round on demand, and rounds until nothing is due.
 */
export type BackgroundWorker<Round, Drained> = {
  /** Starts the loop: a round, a pause, again, until stopped. */
  start(): void;
  /** Stops after the current item; leases of unfinished work run out for others to take. */
  stop(): Promise<void>;
  /** One round now; what it claimed. */
  runOnce(): Promise<Round>;
  /** Rounds until nothing is due now (operators, tests); what they did. */
  drain(): Promise<Drained>;
};

/** The time source of every use case; the core never reads the system clock itself. */
export type Clock = {
  /** The current time. */
  now(): Date;
};

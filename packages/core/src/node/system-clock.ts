import type { Clock } from '../ports/clock.js';

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

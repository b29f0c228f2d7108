import type { Clock } from '../kernel/index.js';

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * The delay before retry number `attempt` (1-based): exponential from `baseMs`, capped at `maxMs`,
 * never shorter than what the platform asked for, with up to 20% jitter so posts that failed
 * together do not all come back at the same instant. `random` is in [0, 1).
 */
export function retryDelayMs(input: {
  readonly attempt: number;
  readonly baseMs: number;
  readonly maxMs: number;
  readonly platformAskedMs: number;
  readonly random: number;
}): number {
  const exponential = Math.min(input.maxMs, input.baseMs * 2 ** Math.max(0, input.attempt - 1));
  const jittered = exponential * (1 + 0.2 * input.random);
  return Math.round(Math.min(input.maxMs, Math.max(input.platformAskedMs, jittered)));
}

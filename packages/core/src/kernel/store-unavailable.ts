import { type SvcError, svcError } from './svc-error.js';

/**
 * What a store throws when its database cannot be reached: down, restarting, or the connection
 * cut mid-call. It is not a fault of ours: the API answers 503 `database_unavailable` and the
 * publisher waits for the database instead of giving up on posts. A write cut off mid-flight
 * has an unknown outcome; our writes are compare-and-set or idempotent, so retrying is safe.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Whether a thrown value says the database is out of reach (rather than a bug or bad data). */
export function isStoreUnavailable(thrown: unknown): thrown is StoreUnavailableError {
  return thrown instanceof StoreUnavailableError;
}

/** The answer to a request refused because the database is away, on every surface (REST, tools). */
export const DATABASE_UNAVAILABLE: SvcError = svcError(
  'database_unavailable',
  'The database is unreachable right now. Try again in a few seconds; a create sent with an externalId is safe to repeat.',
);

/** Seconds clients are told to wait (`Retry-After`) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

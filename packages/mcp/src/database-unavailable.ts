import { type SvcError, svcError } from '@svc/core';

/** The refusal while the database is away: the agent should wait a few seconds and call again. */
export const DATABASE_UNAVAILABLE: SvcError = svcError(
  'database_unavailable',
  'The database is unreachable right now. Try again in a few seconds.',
);

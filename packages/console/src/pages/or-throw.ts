import type { SvcError } from '@svc/core';
import type { Result, ResultAsync } from 'neverthrow';

/** A refusal a page cannot show (the console asked for something it may always ask for). */
export class ConsoleFault extends Error {
  override readonly name = 'ConsoleFault';
  readonly error: SvcError;
  constructor(error: SvcError) {
    super(error.message);
    this.error = error;
  }
}

/** The value of a use case that should not refuse this person; a refusal is a fault (500 page). */
export async function orThrow<T>(result: ResultAsync<T, SvcError> | Result<T, SvcError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new ConsoleFault(settled.error);
  return settled.value;
}

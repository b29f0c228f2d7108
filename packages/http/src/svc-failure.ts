import type { SvcError } from '@svc/core';
import type { Result, ResultAsync } from 'neverthrow';

/** Carries an SvcError from a route to the error middleware, the one place that answers errors. */
export class SvcFailure extends Error {
  override readonly name = 'SvcFailure';
  readonly error: SvcError;
  constructor(error: SvcError) {
    super(error.message);
    this.error = error;
  }
}

/** The value of a use case's result, or a thrown SvcFailure for the error middleware. */
export async function unwrap<T>(result: ResultAsync<T, SvcError> | Result<T, SvcError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new SvcFailure(settled.error);
  return settled.value;
}

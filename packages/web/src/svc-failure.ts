import type { SvcError } from '@svc/core';
import type { Result, ResultAsync } from 'neverthrow';

/**
 * Carries an SvcError from a route to its surface's one error renderer (REST's error middleware;
 * the console's fault page, where a refusal means the page asked for something it should not).
 */
export class SvcFailure extends Error {
  override readonly name = 'SvcFailure';
  readonly error: SvcError;
  constructor(error: SvcError) {
    super(error.message);
    this.error = error;
  }
}

/** The value of a use case's result, or a thrown SvcFailure for the surface's error renderer. */
export async function unwrap<T>(result: ResultAsync<T, SvcError> | Result<T, SvcError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new SvcFailure(settled.error);
  return settled.value;
}

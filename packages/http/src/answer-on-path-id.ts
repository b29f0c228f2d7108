import type { Actor, SvcError } from '@svc/core';
import { unwrap } from '@svc/web';
import type { ResultAsync } from 'neverthrow';
import { actorOf } from './http-state.js';
import type { OperationInput } from './operation.js';

/**
 * The handler of an operation on one item named by the path's `{id}`: the caller runs the use
 * case on it, and the answer is its value, presented (as it is when `present` is left out); a
 * refusal goes to the error middleware.
 */
export function answerOnPathId<D, T, B = T, S extends number = 200>(
  deps: D,
  useCase: (deps: D, actor: Actor, id: string) => ResultAsync<T, SvcError>,
  present: (value: T) => B = (value) => value as unknown as B,
  status: S = 200 as S,
): (input: Pick<OperationInput<unknown, unknown>, 'ctx' | 'params'>) => Promise<{ status: S; body: B }> {
  return async ({ ctx, params }) => ({
    status,
    body: present(await unwrap(useCase(deps, actorOf(ctx), params.id ?? ''))),
  });
}

import { err, type Result, ResultAsync } from 'neverthrow';
import { type Actor, requireScope } from '../domain/actor.js';
import type { Scope } from '../domain/scopes.js';
import type { SvcError } from '../domain/svc-error.js';

/**
 * Runs a use case for an actor: `insufficient_scope` unless the credential carries `scope`, else
 * what `run` answers. The prologue every use case had, written once.
 */
export function useCase<T>(
  actor: Actor,
  scope: Scope,
  run: () => Promise<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<T, SvcError>> => {
      const allowed = requireScope(actor, scope);
      return allowed.isErr() ? err(allowed.error) : run();
    })(),
  );
}

import { err, type Result, ResultAsync } from 'neverthrow';
import type { SvcError } from '../../kernel/index.js';
import { type Actor, requireScope } from '../actor.js';
import type { Scope } from '../scopes.js';

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

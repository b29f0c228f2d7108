import { err, type Result, ResultAsync } from 'neverthrow';
import type { Clock, SvcError } from '../../kernel/index.js';
import { type Actor, requireScope } from '../actor.js';
import type { Scope } from '../scopes.js';
import type { User } from '../user.js';

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

/**
 * Runs a use case on one item the actor must own: `insufficient_scope` unless the credential
 * carries `scope`, then what `load` refuses (its `*_not_found`), else what `run` answers with the
 * item. The prologue of every use case on one post, asset, automation or webhook, written once.
 */
export function useCaseOn<I, T>(
  actor: Actor,
  scope: Scope,
  load: () => PromiseLike<Result<I, SvcError>>,
  run: (item: I) => Promise<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return useCase(actor, scope, async () => {
    const found = await load();
    return found.isErr() ? err(found.error) : run(found.value);
  });
}

/**
 * Runs a use case that also needs a plan in force: `insufficient_scope` unless the credential
 * carries `scope`, then what `entitled` refuses for the actor's user at the clock's now
 * (`checkCanSchedule`, `checkCanUpload`), else what `run` answers at that now.
 */
export function entitledUseCase<T>(
  clock: Clock,
  actor: Actor,
  scope: Scope,
  entitled: (user: User, now: Date) => Result<User, SvcError>,
  run: (now: Date) => Promise<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return useCase(actor, scope, async () => {
    const now = clock.now();
    const plan = entitled(actor.user, now);
    return plan.isErr() ? err(plan.error) : run(now);
  });
}

/** Finds the item a use case acts on from the id the actor named: its `*_not_found` when missing or not theirs. */
export type ItemLoader<D, I> = (deps: D, actor: Actor, id: string) => PromiseLike<Result<I, SvcError>>;

/**
 * A use case on one item the actor names by id, as the function `(deps, actor, id, ...rest)` the
 * surfaces call: `useCaseOn` with `load` given those arguments, and `run` given the item and them.
 * The signature and wiring of every use case on one asset, account, automation or webhook,
 * written once.
 */
export function itemUseCase<D, I, T, Rest extends unknown[] = []>(
  scope: Scope,
  load: ItemLoader<D, I>,
  run: (item: I, deps: D, actor: Actor, id: string, ...rest: Rest) => Promise<Result<T, SvcError>>,
): (deps: D, actor: Actor, id: string, ...rest: Rest) => ResultAsync<T, SvcError> {
  return (deps, actor, id, ...rest) =>
    useCaseOn(
      actor,
      scope,
      () => load(deps, actor, id),
      (item) => run(item, deps, actor, id, ...rest),
    );
}

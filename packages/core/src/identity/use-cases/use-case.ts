import { err, type Result, ResultAsync } from 'neverthrow';
import type { Clock, SvcError } from '../../kernel/index.js';
import { requireCan, type TeamAction } from '../../roles/index.js';
import { type Actor, actorMember, actorOwner, requireScope } from '../actor.js';
import { SCOPE_ACTIONS } from '../scope-action.js';
import type { Scope } from '../scopes.js';

/**
 * What a use case needs of its actor: a credential scope, and the team action the person's role
 * must allow (by default the scope's, `SCOPE_ACTIONS`). A bare scope means its default action.
 */
export type Needs = Scope | { readonly scope: Scope; readonly action: TeamAction };

/**
 * `insufficient_scope` unless the credential carries the scope, then `role_not_allowed` unless the
 * acting member's role allows the action in the actor's workspace (docs/teams.md).
 */
export function requireRight(actor: Actor, needs: Needs): Result<Actor, SvcError> {
  const { scope, action } =
    typeof needs === 'string' ? { scope: needs, action: SCOPE_ACTIONS[needs] } : needs;
  return requireScope(actor, scope).andThen(() => requireCan(actorMember(actor), action).map(() => actor));
}

import type { User } from '../user.js';

/**
 * Runs a use case for an actor: `insufficient_scope` unless the credential carries `scope`,
 * `role_not_allowed` unless the member's role allows its action, else what `run` answers. The
 * prologue every use case had, written once.
 */
export function useCase<T>(
  actor: Actor,
  scope: Needs,
  run: () => Promise<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return new ResultAsync(
    (async (): Promise<Result<T, SvcError>> => {
      const allowed = requireRight(actor, scope);
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
  scope: Needs,
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
  scope: Needs,
  entitled: (user: User, now: Date) => Result<User, SvcError>,
  run: (now: Date) => Promise<Result<T, SvcError>>,
): ResultAsync<T, SvcError> {
  return useCase(actor, scope, async () => {
    const now = clock.now();
    const plan = entitled(actorOwner(actor), now);
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
  scope: Needs,
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

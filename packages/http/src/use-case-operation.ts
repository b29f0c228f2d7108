import type { Actor, Scope, SvcError, TeamAction } from '@svc/core';
import { unwrap } from '@svc/web';
import type { ResultAsync } from 'neverthrow';
import type { z } from 'zod';
import { actorOf } from './http-state.js';
import {
  type AnyOperation,
  type DeepReadonly,
  defineOperation,
  type Operation,
  type ResponseSpec,
} from './operation.js';

/**
 * What an operation answered by one use case declares: the scope and team action it takes, its query if any, and
 * its one answer (200 unless `status` says otherwise). It takes no body.
 */
export type UseCaseOperationSpec<R extends z.ZodType, Q extends z.ZodType | undefined> = Pick<
  Operation,
  'id' | 'method' | 'path' | 'tag' | 'summary' | 'description' | 'errors'
> & {
  readonly scope: Scope;
  /** The team action the use case checks (docs/teams.md), declared for the role × action test. */
  readonly action: TeamAction;
  /** Parsed before the use case runs, which gets it as its options. */
  readonly query?: Q;
  readonly answer: ResponseSpec & { readonly schema: R };
  readonly status?: 200 | 202;
};

/**
 * Declares an operation answered by one use case on the caller and, where the path names one, the
 * item `{id}`, with the parsed query as its options: `useCaseOperation({...spec})(deps, useCase,
 * present)`. The answer is the use case's value, presented (as it is when `present` is left out,
 * which only a value that already is the answer may do); a refusal goes to the error middleware.
 */
export function useCaseOperation<R extends z.ZodType, Q extends z.ZodType | undefined = undefined>({
  scope,
  action,
  answer,
  status = 200,
  ...spec
}: UseCaseOperationSpec<R, Q>) {
  type Body = DeepReadonly<z.input<R>>;
  type Query = Q extends z.ZodType ? z.output<Q> : undefined;
  // The answer's schema types the reply here, as `defineOperation` types a handler's.
  const responses: Record<number, { readonly description: string; readonly schema: z.ZodType }> = {
    [status]: answer,
  };
  return <D, T>(
    deps: D,
    useCase: (deps: D, actor: Actor, id: string, query: Query) => ResultAsync<T, SvcError>,
    ...[present = (value) => value as Body]: T extends Body
      ? [present?: (value: T) => Body]
      : [present: (value: T) => Body]
  ): AnyOperation =>
    defineOperation({ ...spec, access: { scope, action }, responses })(async ({ ctx, params, query }) => ({
      status,
      body: present(await unwrap(useCase(deps, actorOf(ctx), params.id ?? '', query as Query))),
    }));
}

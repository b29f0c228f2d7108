import type { Actor, ErrorCode, Scope, TeamAction } from '@svc/core';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { HttpState } from './http-state.js';

/** A documented response: what it means, its body's schema and an example. */
export type ResponseSpec = {
  readonly description: string;
  /** The JSON body's schema: the handler's reply is typed by it. */
  readonly schema?: z.ZodType;
  /**
   * Instead of `schema`: a body the handler writes itself (a stream, a file), by content type,
   * with its schema, or null for bytes.
   */
  readonly raw?: Readonly<Record<string, z.ZodType | null>>;
  readonly example?: unknown;
};

/** How an operation takes its body. */
export type BodySpec =
  | {
      readonly kind: 'json';
      readonly schema: z.ZodType;
      readonly example?: unknown;
      /** Omit for a body the operation can do without. */
      readonly optional?: true;
      /**
       * `core`: the use case parses the raw body with this same schema, answering its own codes
       * (`missing_platforms` before a generic `validation_failed`); otherwise the route parses it.
       */
      readonly parsedBy?: 'core';
    }
  /** A multipart form with one file part; the route reads the stream itself. */
  | { readonly kind: 'multipart'; readonly part: string; readonly description: string }
  /** Raw bytes the route streams itself (a signed upload). */
  | { readonly kind: 'binary'; readonly description: string }
  /** A text body in one of several types (CSV or JSON), read whole by the route. */
  | {
      readonly kind: 'text';
      readonly types: Readonly<Record<string, { readonly schema: z.ZodType; readonly example?: unknown }>>;
    };

/** The body a handler gets for a body spec. */
export type BodyOf<B> = B extends { kind: 'json'; schema: infer S extends z.ZodType }
  ? B extends { parsedBy: 'core' }
    ? unknown
    : B extends { optional: true }
      ? z.output<S> | undefined
      : z.output<S>
  : B extends { kind: 'text' }
    ? { readonly type: string; readonly text: string }
    : undefined;

/**
 * Who may call an operation: `{scope, action}` for an API key holding the scope (null: any valid
 * key) whose member's role allows the team action (null: any member, for pure analysis), `public`
 * for no credential, `signed` for a link whose query signature is the credential. The action is
 * declared here, beside the route, so the role × action test and the OpenAPI document
 * (`x-svc-team-action`) enumerate it; core's use case checks the same action (docs/teams.md).
 */
export type Access =
  | { readonly scope: Scope | null; readonly action: TeamAction | null }
  | 'public'
  | 'signed';

/** What a handler gets: the caller, the path parameters, the parsed query and the parsed body. */
export type OperationInput<Query, Body> = {
  readonly ctx: Context & { state: HttpState };
  /** The authenticated caller; absent on public and signed operations. */
  readonly actor: Actor | undefined;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly body: Body;
};

/** A value as JSON serialisation reads it: readonly arrays and records serialise like mutable ones. */
export type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** A reply of one of the documented statuses; `raw` replies set `ctx.body` themselves. */
export type Reply<Responses extends Record<number, ResponseSpec>> = {
  [S in keyof Responses & number]: Responses[S]['schema'] extends z.ZodType
    ? { readonly status: S; readonly body: DeepReadonly<z.input<Responses[S]['schema']>> }
    : { readonly status: S; readonly raw: true };
}[keyof Responses & number];

/**
 * One REST operation: the route and its OpenAPI description in one place, so the document is
 * built from the schemas that validate requests and type the replies, and cannot drift from them.
 */
export type Operation<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends BodySpec | undefined = BodySpec | undefined,
  Responses extends Record<number, ResponseSpec> = Record<number, ResponseSpec>,
> = {
  readonly id: string;
  readonly method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI style: `/api/v1/posts/{id}`. */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly deprecated?: true;
  /** Query parameters, one property each; parsed before the handler runs (`validation_failed`). */
  readonly query?: Q;
  readonly body?: B;
  /** The successful answers. */
  readonly responses: Responses;
  /** The error codes the operation itself can answer with, beyond the ones every route shares. */
  readonly errors: readonly ErrorCode[];
  readonly handle: (
    input: OperationInput<Q extends z.ZodType ? z.output<Q> : undefined, BodyOf<B>>,
  ) => Promise<Reply<Responses>>;
};

/** An operation with its types erased, so operations of different shapes share one list. */
// biome-ignore lint/suspicious/noExplicitAny: the list holds operations of every shape.
export type AnyOperation = Operation<any, BodySpec | undefined, Record<number, ResponseSpec>>;

/**
 * Declares an operation: `defineOperation({...spec})(async (input) => reply)`. The handler comes
 * second so its reply is checked against responses already known (status literals stay literal).
 */
export function defineOperation<
  const Q extends z.ZodType | undefined,
  const B extends BodySpec | undefined,
  const Responses extends Record<number, ResponseSpec>,
>(spec: Omit<Operation<Q, B, Responses>, 'handle'>) {
  return (handle: Operation<Q, B, Responses>['handle']): AnyOperation =>
    ({ ...spec, handle }) as unknown as AnyOperation;
}

/** An object without its undefined properties, for core inputs whose optional fields take no undefined. */
export function defined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

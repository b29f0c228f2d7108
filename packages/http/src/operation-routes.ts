import { type SvcError, svcError } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context, Middleware, Next } from 'koa';
import type { z } from 'zod';
import { authenticate } from './authenticate.js';
import type { HttpDeps } from './http-deps.js';
import type { HttpState } from './http-state.js';
import { jsonBody } from './json-body.js';
import { limitByKey } from './limit-by-key.js';
import type { AnyOperation } from './operation.js';
import { isKeyLimited } from './rate-limited.js';
import { readTextBody } from './read-text-body.js';
import type { Route } from './route-table.js';
import { setReplyBody } from './set-reply-body.js';

type OperationContext = Context & { state: HttpState };

/**
 * Turns operations into routes: authentication and the per-key rate limit for key operations,
 * the body read as its spec says, the query and (unless core parses it) the body checked against
 * the operation's schemas, then the handler, whose reply becomes the response.
 */
export function operationRoutes(operations: readonly AnyOperation[], deps: HttpDeps): Route[] {
  const auth = authenticate(deps.core, deps.logger, limitByKey(deps));
  const json = jsonBody();
  return operations.map((operation) => {
    const handlers: Middleware[] = [];
    if (isKeyLimited(operation)) handlers.push(auth);
    const body = operation.body;
    if (body?.kind === 'json') handlers.push(body.optional ? optionalJson(json) : json);
    handlers.push(run(operation));
    return { method: operation.method, path: routePath(operation.path), handlers };
  });
}

/** `/api/v1/posts/{id}` as the route table writes it: `/api/v1/posts/:id`. */
export function routePath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

function run(operation: AnyOperation) {
  return async (ctx: OperationContext): Promise<void> => {
    const query = operation.query === undefined ? undefined : parse(operation.query, ctx.query, 'query');
    const spec = operation.body;
    let body: unknown;
    if (spec?.kind === 'json') {
      const raw = ctx.request.body;
      body = spec.parsedBy === 'core' || raw === undefined ? raw : parse(spec.schema, raw, 'body');
    } else if (spec?.kind === 'text') {
      body = await readTextBody(ctx, Object.keys(spec.types));
    }
    const reply = await operation.handle({
      ctx,
      actor: ctx.state.actor,
      params: ctx.state.params ?? {},
      query,
      body,
    });
    ctx.status = reply.status;
    if ('body' in reply) setReplyBody(ctx, reply.body);
  };
}

/** A JSON body only when one is sent: an empty POST is a body-less call, not a 415. */
function optionalJson(json: Middleware) {
  return (ctx: Context, next: Next) =>
    (ctx.request.length ?? 0) === 0 && ctx.get('Transfer-Encoding') === '' ? next() : json(ctx, next);
}

function parse(schema: z.ZodType, value: unknown, where: 'query' | 'body'): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new SvcFailure(invalidInput(parsed.error, where));
}

/** The first problem of a zod failure as `validation_failed`, naming the field. */
function invalidInput(error: z.ZodError, where: 'query' | 'body'): SvcError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  if (issue?.code === 'unrecognized_keys') {
    return svcError('validation_failed', `Unknown ${where} field(s): ${issue.keys.join(', ')}.`, {
      field: field === '' ? (issue.keys[0] ?? '') : field,
      unknownFields: issue.keys,
    });
  }
  const name = where === 'query' ? `Query parameter ${field}` : field === '' ? 'Body' : field;
  const message = issue?.message ?? 'not valid';
  // Messages written as sentences keep their own full stop.
  return svcError('validation_failed', `${name}: ${message}${/[.!?]$/.test(message) ? '' : '.'}`, {
    field,
    issues: error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })),
  });
}

import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  type ErrorCode,
  isStoreUnavailable,
} from '@svc/core';
import { errorJson, SvcFailure } from '@svc/web';
import type { Context, Next } from 'koa';
import { ERROR_STATUS } from './error-status.js';
import { type HttpLogger, scrubSecrets } from './http-logger.js';
import type { HttpState } from './http-state.js';

type Answer = {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Readonly<Record<string, unknown>>;
};

/**
 * Turns every failure below it into `{error, code[, details]}` with the status of
 * docs/errors.md: SvcErrors from use cases, the HTTP errors Koa's parsers and router throw, an
 * unreachable database (503 `database_unavailable`), and unexpected faults, which become a bare
 * 500 `internal_error` and are logged (scrubbed of secrets, without a stack) under the request id.
 */
export function errorMiddleware(logger: HttpLogger) {
  return async (ctx: Context & { state: HttpState }, next: Next): Promise<void> => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) answerUnrouted(ctx);
    } catch (thrown) {
      const answer = answerFor(thrown);
      if (answer.code === 'database_unavailable') {
        // Expected while the database restarts: a warning without the driver's details, and a
        // hint for clients on when to try again.
        logger.warn({ requestId: ctx.state.requestId, path: ctx.path }, 'database unavailable');
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      } else if (answer.code === 'internal_error') {
        logger.error(
          { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, fault: describe(thrown) },
          'unexpected fault',
        );
      }
      if (
        answer.code === 'method_not_allowed' &&
        isHttpError(thrown) &&
        thrown.headers?.allow !== undefined
      ) {
        ctx.set('Allow', thrown.headers.allow);
      }
      respond(ctx, answer);
    }
  };
}

/** Routers leave 404 (no route), 405 or 501 (route without this method, `Allow` set) and no body. */
function answerUnrouted(ctx: Context): void {
  if (ctx.status === 404) {
    respond(ctx, { status: 404, code: 'not_found', message: `No endpoint ${ctx.method} ${ctx.path}.` });
  } else if (ctx.status === 405 || ctx.status === 501) {
    respond(ctx, {
      status: 405,
      code: 'method_not_allowed',
      message: `${ctx.path} does not take ${ctx.method}; it takes ${ctx.response.get('Allow') || 'other methods'}.`,
    });
  }
}

function respond(ctx: Context, answer: Answer): void {
  ctx.status = answer.status;
  ctx.body = errorJson(answer);
}

type HttpError = Error & {
  status?: number;
  expose?: boolean;
  type?: string;
  headers?: Record<string, string>;
};

function isHttpError(value: unknown): value is HttpError {
  return value instanceof Error && typeof (value as HttpError).status === 'number';
}

function answerFor(thrown: unknown): Answer {
  if (thrown instanceof SvcFailure) {
    const { code, message, details } = thrown.error;
    return details === undefined
      ? { status: ERROR_STATUS[code], code, message }
      : { status: ERROR_STATUS[code], code, message, details };
  }
  if (isStoreUnavailable(thrown)) {
    const { code, message } = DATABASE_UNAVAILABLE;
    return { status: ERROR_STATUS[code], code, message };
  }
  if (isHttpError(thrown) && thrown.expose !== false) {
    switch (thrown.status) {
      case 400:
        return {
          status: 400,
          code: 'invalid_json',
          message: 'The body is not valid JSON: send a JSON object.',
        };
      case 405:
      case 501:
        return {
          status: 405,
          code: 'method_not_allowed',
          message: 'This path does not take that method; see the Allow header.',
        };
      case 413:
        return {
          status: 413,
          code: 'payload_too_large',
          message: 'The body is too large; the limit is 512 KB.',
        };
      case 415:
        return {
          status: 415,
          code: 'unsupported_content_type',
          message: 'Send the body as application/json.',
        };
    }
  }
  return {
    status: 500,
    code: 'internal_error',
    message: 'Something went wrong on our side. Try again; if it persists, report the request id.',
  };
}

function describe(thrown: unknown): Record<string, unknown> {
  if (!(thrown instanceof Error)) return { value: scrubSecrets(String(thrown)) };
  const code = (thrown as { code?: unknown }).code;
  return {
    name: thrown.name,
    message: scrubSecrets(thrown.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(thrown.cause instanceof Error ? { cause: scrubSecrets(thrown.cause.message) } : {}),
  };
}

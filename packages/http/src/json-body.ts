import { bodyParser } from '@koa/bodyparser';
import { svcError } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context, Next } from 'koa';

/** Largest JSON body accepted; post payloads are a few kilobytes. */
export const JSON_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * Parses a JSON body into `ctx.request.body`, refusing other content types (415), bodies over
 * the limit while they stream in (413) and malformed or non-object JSON (400).
 */
export function jsonBody() {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT_BYTES, jsonStrict: true });
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!ctx.is('application/json')) {
      throw new SvcFailure(
        svcError(
          'unsupported_content_type',
          'Send the body as JSON with the header "Content-Type: application/json".',
        ),
      );
    }
    await parse(ctx, next);
  };
}

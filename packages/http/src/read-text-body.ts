import { svcError } from '@svc/core';
import { SvcFailure } from '@svc/web';
import type { Context } from 'koa';
import { readRawBody } from './read-raw-body.js';

/** Largest text body accepted (a bulk file of 1,000 posts is a few hundred kilobytes). */
export const TEXT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * A text body of one of `types` (matched on the media type, parameters ignored), read whole up to
 * the limit and decoded as UTF-8; any other type is refused with 415 naming the allowed ones.
 */
export async function readTextBody(
  ctx: Context,
  types: readonly string[],
): Promise<{ readonly type: string; readonly text: string }> {
  const type = ctx.request.type;
  if (!types.includes(type)) {
    throw new SvcFailure(
      svcError('unsupported_content_type', `Send the body as ${types.join(' or ')}.`, {
        allowed: [...types],
      }),
    );
  }
  const bytes = await readRawBody(ctx.req, ctx.res, TEXT_BODY_LIMIT_BYTES);
  return { type, text: new TextDecoder('utf-8', { fatal: false }).decode(bytes) };
}

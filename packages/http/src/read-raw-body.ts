import type { IncomingMessage, ServerResponse } from 'node:http';
import { svcError } from '@svc/core';
import { SvcFailure } from '@svc/web';

/**
 * The request body as raw bytes, read up to `limit`: a longer body is refused (413) as soon as
 * it passes the limit, without reading the rest, and the connection is closed after the answer
 * (the sender may still be sending). Signatures are computed over these exact bytes, so the body
 * is not parsed here.
 */
export async function readRawBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(res, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(res, limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function tooLarge(res: ServerResponse, limit: number): SvcFailure {
  res.setHeader('Connection', 'close');
  return new SvcFailure(
    svcError('payload_too_large', `The body is larger than ${Math.round(limit / 1024)} KB.`, {
      limitBytes: limit,
    }),
  );
}

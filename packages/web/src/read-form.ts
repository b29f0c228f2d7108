import type { IncomingMessage } from 'node:http';

/**
 * The fields of an `application/x-www-form-urlencoded` body, read up to `maxBytes`; null for
 * another content type or a longer body (the caller answers 400 or 403). Each surface sets its own
 * limit: forms are short, and a longer body is not one of ours.
 */
export async function readForm(req: IncomingMessage, maxBytes: number): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

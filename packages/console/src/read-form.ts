import type { IncomingMessage } from 'node:http';

/** Forms are short: a caption is the longest field a console form carries. */
const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * The fields of an `application/x-www-form-urlencoded` body, read up to 64 KB; null for another
 * content type or a longer body (the caller answers 400).
 */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

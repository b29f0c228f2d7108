import type { IncomingMessage } from 'node:http';

/** Largest form accepted: an email, a password and two tokens. */
const FORM_LIMIT_BYTES = 16 * 1024;

/** The fields of an urlencoded form post; null when the body is not one or is over the limit. */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams | null> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers['content-type'] ?? '')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

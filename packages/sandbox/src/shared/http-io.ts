import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTML_SECURITY_HEADERS } from '@svc/core';
import { graphError } from './graph-error.js';
import { jsonObjectOf } from './json-object.js';

/** A response ready to be written. */
export type Reply = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
};

/** Every Graph host answers JSON with this exact content type. */
const JSON_TYPE = 'application/json; charset=UTF-8';

/** A JSON answer. */
export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(value) };
}

/** An HTML page, with the security headers every page of the server sends. */
export function htmlReply(status: number, markup: string): Reply {
  return {
    status,
    headers: {
      ...HTML_SECURITY_HEADERS,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    },
    body: markup,
  };
}

/** A 302 redirect. */
export function redirectReply(location: string): Reply {
  return { status: 302, headers: { location, 'cache-control': 'no-store' }, body: '' };
}

/** Writes a reply; HEAD requests get the headers only. */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return;
  const body = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Reads the whole request body, refusing more than `maxBytes` with the Graph error a platform would send. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > maxBytes) {
      throw graphError(413, { code: 100, message: `(#100) The request body exceeds ${maxBytes} bytes` });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The string fields of a request body: URL-encoded, multipart (some clients send Threads posts
 * that way) or a JSON object (non-string values re-encoded as JSON, as Graph reads them).
 */
export async function parseFormBody(
  body: Buffer,
  contentType: string | undefined,
): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (body.length === 0) return fields;
  if (type === 'application/x-www-form-urlencoded') {
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) fields.set(name, value);
  } else if (type === 'multipart/form-data' && contentType !== undefined) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => {
        throw graphError(400, { code: 100, message: '(#100) The multipart body could not be parsed' });
      });
    for (const [name, value] of form) if (typeof value === 'string') fields.set(name, value);
  } else if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw graphError(400, { code: 100, message: '(#100) The JSON body could not be parsed' });
    }
    for (const [name, value] of Object.entries(jsonObjectOf(parsed) ?? {})) {
      fields.set(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return fields;
}

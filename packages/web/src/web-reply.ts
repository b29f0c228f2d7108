import type { ServerResponse } from 'node:http';
import { applySecurityHeaders } from './security-headers.js';

/** A whole answer of an HTML surface, written by `writeReply`. */
export type WebReply = {
  readonly status: number;
  /** A page's text, or the bytes of a small binary answer (a thumbnail). */
  readonly body: string | Uint8Array;
  /** Defaults to HTML. */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
};

/**
 * Writes a reply with the page security headers (`overrides` replace single ones), its content
 * type and length and its own headers; a HEAD request gets the headers only.
 */
export function writeReply(
  res: ServerResponse,
  reply: WebReply,
  options: { readonly head?: boolean; readonly overrides?: Readonly<Record<string, string>> } = {},
): void {
  res.statusCode = reply.status;
  applySecurityHeaders(res, options.overrides);
  res.setHeader('content-type', reply.contentType ?? 'text/html; charset=utf-8');
  // Also on HEAD, which answers the headers GET would.
  res.setHeader('content-length', Buffer.byteLength(reply.body));
  for (const [name, value] of Object.entries(reply.headers ?? {}))
    res.setHeader(name, value as string | string[]);
  res.end(options.head === true ? undefined : reply.body);
}

import type { IncomingMessage, RequestListener, Server, ServerOptions, ServerResponse } from 'node:http';
import { svcError } from '@svc/core';
import { errorJson } from '@svc/web';

/**
 * How long the server waits for each part of a request, and how many connections it holds at
 * once (docs/operations.md, "Timeouts and connections"). Set deliberately: Node's defaults let a
 * body trickle in for 5 minutes on any route, with no cap on connections.
 */
export type HttpLimits = {
  /** From a connection's (or a request's) first byte to the end of its headers (SVC_HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** From the headers to the end of the body, on routes that take no upload (SVC_BODY_TIMEOUT_MS). */
  readonly bodyTimeoutMs: number;
  /** A whole request, uploads included (SVC_REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open (SVC_KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** Connections held at once; the next ones are closed as they arrive (SVC_MAX_CONNECTIONS). */
  readonly maxConnections: number;
};

/**
 * Defaults for a small self-hosted server. Headers come in one packet from any real client: 20 s
 * is generous. A non-upload body is at most 1 MB (the tool endpoint; REST JSON 512 KB): 30 s is
 * that at about 300 kbit/s. A 50 MB upload gets 15 minutes, about 450 kbit/s. Kept-alive
 * connections outlive a proxy's usual 60 s idle timeout, so the proxy, not we, closes them. 512
 * connections are a hundred browsers' worth, well under the usual open-file limit of 1024.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 30_000,
  requestTimeoutMs: 15 * 60_000,
  keepAliveTimeoutMs: 65_000,
  maxConnections: 512,
};

/** The routes whose body is a file of up to 50 MB that may come slowly; every other body is small. */
const UPLOADS: readonly { readonly method: string; readonly path: string | RegExp }[] = [
  { method: 'POST', path: '/api/v1/media' },
  { method: 'PUT', path: /^\/media\/uploads\/[^/]+$/ },
  { method: 'POST', path: '/app/compose/upload' },
];

/** Whether a request is an upload (a route that takes a file), so its body may take longer. */
export function isUploadRequest(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return UPLOADS.some(
    (u) => u.method === method && (typeof u.path === 'string' ? u.path === path : u.path.test(path)),
  );
}

/** The options `createServer` takes for these limits (Node checks its timeouts on an interval). */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for expired requests every 30 s by default, which would stretch a 20 s header
    // timeout to 50; a quarter of the shortest timeout keeps each within a quarter of its length.
    connectionsCheckingInterval: Math.min(
      30_000,
      Math.max(100, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
    ),
  };
}

/** Caps the connections the server holds; Node closes each one past it as soon as it arrives. */
export function capConnections(server: Server, limits: HttpLimits): void {
  server.maxConnections = limits.maxConnections;
}

/**
 * Wraps the request listener with the body deadline: a request to a route that takes no upload
 * must have sent its whole body `bodyTimeoutMs` after its headers, or it is answered 408
 * `request_timeout` and its connection closed. An upload has until `requestTimeoutMs` (Node's own
 * limit), unless it is answered first (refused before its body was read, say for a missing key):
 * the rest of a body nobody reads gets the same deadline, from the answer.
 */
export function withBodyDeadline(listener: RequestListener, limits: HttpLimits): RequestListener {
  return (req, res) => {
    // A request announces its body (HTTP/1.1): one without Content-Length or Transfer-Encoding
    // has none, and most requests (every GET) need no timer at all.
    const length = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (hasBody && !req.complete) {
      const arm = () => {
        const timer = setTimeout(() => {
          if (!req.complete) cutOff(req, res, limits.bodyTimeoutMs);
        }, limits.bodyTimeoutMs);
        timer.unref();
        const disarm = () => clearTimeout(timer);
        req.once('end', disarm);
        req.once('close', disarm);
      };
      if (!isUploadRequest(req.method ?? 'GET', req.url ?? '/')) arm();
      else
        res.once('finish', () => {
          if (!req.complete) arm();
        });
    }
    listener(req, res);
  };
}

/** Answers 408 when nothing was answered yet, then closes the connection the body was coming on. */
function cutOff(req: IncomingMessage, res: ServerResponse, deadlineMs: number): void {
  const close = () => req.socket.destroy();
  if (res.headersSent) {
    close();
    return;
  }
  const late = svcError(
    'request_timeout',
    `The request body did not arrive within ${Math.ceil(deadlineMs / 1000)} s of its headers.`,
  );
  const body = JSON.stringify(errorJson(late));
  res.writeHead(408, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body, close);
}

import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress } from '@svc/core';

/** Who sent a request, for rate limits: the peer, or the first forwarded address behind a trusted proxy. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return trustProxy && first !== undefined && first !== '' ? first : (req.socket.remoteAddress ?? 'unknown');
}

/**
 * Whether a request comes from the server's own machine. Behind a trusted proxy, the address it
 * forwards decides; otherwise the peer must be loopback and the request must not have come
 * through a proxy at all: a proxy on the same machine connects from loopback for every client.
 */
export function isLocalClient(req: IncomingMessage, trustProxy: boolean): boolean {
  if (trustProxy) return isLoopbackAddress(clientAddress(req, true));
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && isLoopbackAddress(req.socket.remoteAddress ?? '');
}

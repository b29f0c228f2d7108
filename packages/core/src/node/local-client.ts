import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress } from '../surfaces/index.js';
import { clientAddress } from './check-sign-in.js';

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

import type { ServerResponse } from 'node:http';
import { jsonRpcError } from '@svc/web';
import type { EndpointRefusal } from './endpoint-refusal.js';

/**
 * Writes a refusal: its status and headers, and a JSON-RPC error object as body, shaped as the
 * SDK's own transport errors are. The one place the endpoint renders an error (REST's is
 * `errorMiddleware`). A response already under way cannot change its status: it is cut instead,
 * so the client sees a failure rather than a truncated success.
 */
export function sendRefusal(res: ServerResponse, refusal: EndpointRefusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const data = refusal.code === undefined ? refusal.data : { code: refusal.code, ...(refusal.data ?? {}) };
  const body = JSON.stringify(jsonRpcError(refusal.id, refusal.rpcCode, refusal.message, data));
  res.writeHead(refusal.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    ...refusal.headers,
  });
  res.end(body);
}

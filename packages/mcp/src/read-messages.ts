import type { IncomingMessage } from 'node:http';
import { type RpcMessage, type RpcRequest, toRpcMessage } from './answer-request.js';
import { EndpointRefusal } from './endpoint-refusal.js';
import { RPC } from './json-rpc-error.js';
import { readJsonBody } from './read-json-body.js';

/** The requests of a body (notifications and responses need no answer), and whether it was a batch. */
export type Messages = { readonly batch: boolean; readonly requests: readonly RpcRequest[] };

/**
 * Reads the body as JSON-RPC 2.0 messages, refusing a body over `maxBytes` (413), one that is not
 * JSON (400, parse error), and one that is not a usable set of messages (400, invalid request).
 */
export async function readMessages(req: IncomingMessage, maxBytes: number): Promise<Messages> {
  const body = await readJsonBody(req, maxBytes);
  if (body.kind === 'too_large') {
    throw new EndpointRefusal({
      status: 413,
      rpcCode: RPC.serverError,
      message: `The body is over the ${maxBytes} byte limit.`,
      code: 'payload_too_large',
      // The rest of the body is not read; the connection cannot carry another request.
      headers: { Connection: 'close' },
    });
  }
  if (body.kind === 'invalid_json') {
    throw new EndpointRefusal({
      status: 400,
      rpcCode: RPC.parseError,
      message: 'Parse error: invalid JSON.',
    });
  }
  const batch = Array.isArray(body.value);
  const messages = (batch ? (body.value as unknown[]) : [body.value]).map(toRpcMessage);
  const invalid = invalidBody(messages);
  if (invalid !== null)
    throw new EndpointRefusal({ status: 400, rpcCode: RPC.invalidRequest, message: invalid });
  const requests = (messages as RpcMessage[]).filter((m): m is RpcRequest => m.kind === 'request');
  return { batch, requests };
}

/** Why a body is not a usable set of JSON-RPC messages, or null when it is. */
function invalidBody(messages: readonly (RpcMessage | null)[]): string | null {
  if (messages.length === 0) return 'Invalid Request: an empty batch.';
  if (messages.includes(null)) return 'Invalid Request: every message must be a JSON-RPC 2.0 object.';
  const initialize = messages.some((m) => m?.kind === 'request' && m.method === 'initialize');
  return initialize && messages.length > 1 ? 'Invalid Request: initialize must be sent alone.' : null;
}

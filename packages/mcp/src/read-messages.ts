import type { IncomingMessage } from 'node:http';
import { type RpcMessage, type RpcRequest, toRpcMessage } from './answer-request.js';
import { EndpointRefusal } from './endpoint-refusal.js';
import { RPC } from './json-rpc-error.js';
import { readJsonBody } from './read-json-body.js';

/**
 * The most messages one batch may hold. Each tool call of a batch counts against the key's limit
 * anyway; the cap bounds what one request makes the server parse, check and hold at once (a 1 MB
 * body would otherwise carry some 10,000 calls). MCP's 2025-06-18 revision dropped batches, and
 * clients of older revisions send a few messages at a time.
 */
export const MCP_BATCH_MAX_MESSAGES = 50;

/**
 * The requests of a body (notifications and responses need no answer), whether it was a batch,
 * and how many messages it held (what the per-address limit counts).
 */
export type Messages = {
  readonly batch: boolean;
  readonly requests: readonly RpcRequest[];
  readonly size: number;
};

/**
 * Reads the body as JSON-RPC 2.0 messages, refusing a body over `maxBytes` (413), one that is not
 * JSON (400, parse error), and one that is not a usable set of messages (400, invalid request;
 * a batch over `MCP_BATCH_MAX_MESSAGES` included).
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
  const values = batch ? (body.value as unknown[]) : [body.value];
  if (values.length > MCP_BATCH_MAX_MESSAGES) {
    throw new EndpointRefusal({
      status: 400,
      rpcCode: RPC.invalidRequest,
      message: `Invalid Request: a batch holds at most ${MCP_BATCH_MAX_MESSAGES} messages; this one has ${values.length}. Send it in smaller batches.`,
    });
  }
  const messages = values.map(toRpcMessage);
  const invalid = invalidBody(messages);
  if (invalid !== null)
    throw new EndpointRefusal({ status: 400, rpcCode: RPC.invalidRequest, message: invalid });
  const requests = (messages as RpcMessage[]).filter((m): m is RpcRequest => m.kind === 'request');
  return { batch, requests, size: messages.length };
}

/** Why a body is not a usable set of JSON-RPC messages, or null when it is. */
function invalidBody(messages: readonly (RpcMessage | null)[]): string | null {
  if (messages.length === 0) return 'Invalid Request: an empty batch.';
  if (messages.includes(null)) return 'Invalid Request: every message must be a JSON-RPC 2.0 object.';
  const initialize = messages.some((m) => m?.kind === 'request' && m.method === 'initialize');
  return initialize && messages.length > 1 ? 'Invalid Request: initialize must be sent alone.' : null;
}

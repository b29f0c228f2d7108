import type { ServerResponse } from 'node:http';

/** JSON-RPC error codes, as the MCP SDK names them. */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** Transport-level refusals (the SDK's choice for 4xx answers too). */
  serverError: -32000,
  /** Credentials missing or refused. */
  unauthorized: -32001,
} as const;

/** An HTTP answer carrying a JSON-RPC error object, as the SDK's own transport errors are shaped. */
export function sendRpcError(
  res: ServerResponse,
  status: number,
  rpcCode: number,
  message: string,
  options: {
    id?: string | number | null;
    data?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): void {
  const error =
    options.data === undefined ? { code: rpcCode, message } : { code: rpcCode, message, data: options.data };
  const body = JSON.stringify({ jsonrpc: '2.0', error, id: options.id ?? null });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    ...options.headers,
  });
  res.end(body);
}

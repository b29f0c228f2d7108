import type { Actor } from '@svc/core';
import { answerFault } from './answer-fault.js';
import { RPC } from './json-rpc-error.js';
import type { McpDeps } from './mcp-deps.js';
import { isSupportedProtocolVersion, NEWEST_PROTOCOL_VERSION } from './protocol-versions.js';
import { refusal, type ToolCatalog } from './tool-catalog.js';

type Id = string | number;

/** One JSON-RPC message as read from the body, sorted by kind. */
export type RpcMessage =
  | { kind: 'request'; id: Id; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string }
  | { kind: 'response' };

/** A message that wants an answer. */
export type RpcRequest = Extract<RpcMessage, { kind: 'request' }>;

/** What the server needs to answer requests. */
export type RpcContext = {
  readonly deps: McpDeps;
  readonly catalog: ToolCatalog;
  /** The authenticated caller; set whenever the body holds a `tools/call`. */
  readonly actor: Actor | null;
};

/** Sorts a parsed body element into a message, or null when it is not JSON-RPC 2.0. */
export function toRpcMessage(value: unknown): RpcMessage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return null;
  const id = m.id;
  const hasId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  if (typeof m.method === 'string') {
    const params = m.params ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
    if (!('id' in m)) return { kind: 'notification', method: m.method };
    return hasId
      ? { kind: 'request', id: id as Id, method: m.method, params: params as Record<string, unknown> }
      : null;
  }
  return hasId && ('result' in m || 'error' in m) ? { kind: 'response' } : null;
}

/**
 * Answers one request. The endpoint is stateless and only serves, so this is the whole server
 * side of the protocol it speaks: the lifecycle (`initialize`, `ping`), tools, and empty
 * resource and prompt lists. Tool refusals are results; only protocol faults are JSON-RPC errors.
 */
export async function answerRequest(
  request: RpcRequest,
  context: RpcContext,
): Promise<Record<string, unknown>> {
  const { id, method, params } = request;
  const result = (value: unknown) => ({ jsonrpc: '2.0', id, result: value });
  const error = (code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });
  switch (method) {
    case 'initialize': {
      const asked = params.protocolVersion;
      // An unknown revision is answered with our newest; the client decides whether it can go on.
      const protocolVersion =
        typeof asked === 'string' && isSupportedProtocolVersion(asked) ? asked : NEWEST_PROTOCOL_VERSION;
      return result({
        protocolVersion,
        capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
        serverInfo: { name: 'svc', version: context.deps.version },
      });
    }
    case 'ping':
      return result({});
    case 'tools/list':
      return result(context.catalog.listing);
    case 'resources/list':
      return result({ resources: [] });
    case 'resources/templates/list':
      return result({ resourceTemplates: [] });
    case 'prompts/list':
      return result({ prompts: [] });
    case 'tools/call':
      return callTool(params, context, result, error);
    default:
      return error(RPC.methodNotFound, `Method not found: ${method}`);
  }
}

async function callTool(
  params: Record<string, unknown>,
  { deps, catalog, actor }: RpcContext,
  result: (value: unknown) => Record<string, unknown>,
  error: (code: number, message: string) => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const name = params.name;
  if (typeof name !== 'string') return error(RPC.invalidParams, 'tools/call needs params.name.');
  if (!catalog.has(name)) return error(RPC.invalidParams, `Unknown tool: ${name}`);
  // The endpoint authenticates every body holding a tools/call before dispatching it.
  if (actor === null) return error(RPC.internalError, 'Unauthenticated tool call.');
  try {
    return result(await catalog.call(name, params.arguments, { deps, actor }));
  } catch (fault) {
    // A fault, not a refusal: answered as a tool error the agent may retry, so the other calls
    // of a batch keep their answers.
    const answer = answerFault(fault, deps.logger, { tool: name });
    return result(refusal({ code: answer.code, message: answer.message }));
  }
}

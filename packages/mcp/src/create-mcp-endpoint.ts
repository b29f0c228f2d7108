import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type Actor,
  checkCanUseTools,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  hasScope,
  isStoreUnavailable,
  MCP_PATH,
  oauthScopeFor,
} from '@svc/core';
import { answerRequest, type RpcContext, type RpcMessage, toRpcMessage } from './answer-request.js';
import { hasCredentialInUrl } from './credential-in-url.js';
import { createHostCheck } from './host-check.js';
import { RPC, sendRpcError } from './json-rpc-error.js';
import type { McpDeps } from './mcp-deps.js';
import {
  bearerChallenge,
  insufficientScopeChallenge,
  protectedResourceMetadata,
  RESOURCE_METADATA_PATH,
} from './protected-resource.js';
import { isSupportedProtocolVersion, PROTOCOL_VERSIONS } from './protocol-versions.js';
import { readJsonBody } from './read-json-body.js';
import { createToolCatalog, type ToolCatalog } from './tool-catalog.js';
import { TOOLS } from './tools/tools.js';

/**
 * The deprecated proxy address (spec 9). It is answered here, exactly as `/api/mcp`, rather than
 * redirected: a redirected POST depends on each client re-sending its body and credentials.
 */
export const LEGACY_MCP_PATH = '/mcp';

/** Default largest request body: tool arguments are small; media travels by link or id. */
export const MCP_BODY_LIMIT_BYTES = 1024 * 1024;

/** The endpoint as a plain Node handler for the paths it owns (mounted into the HTTP app). */
export type McpEndpoint = {
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
};

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Builds the endpoint: streamable HTTP, stateless, JSON responses (spec 4.2). Everything that can
 * be decided once (tool listing and schemas, metadata, Host rules) is decided here. Requests are
 * answered without the SDK's Server and transport: in stateless JSON mode they would be built
 * per request, which cost four fifths of a tool call's time (docs/tools.md); the official SDK
 * client is what the tests speak to it with.
 */
export function createMcpEndpoint(deps: McpDeps): McpEndpoint {
  const catalog = createToolCatalog(TOOLS);
  const hostAllowed = createHostCheck(deps.baseUrl, deps.trustProxy);
  const metadata = JSON.stringify(protectedResourceMetadata(deps.baseUrl));
  const maxBodyBytes = deps.maxBodyBytes ?? MCP_BODY_LIMIT_BYTES;
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (pathOf(req) === RESOURCE_METADATA_PATH) return serveMetadata(req, res, metadata);
    if (!hostAllowed(req)) {
      return sendRpcError(res, 403, RPC.serverError, 'Forbidden: the Host or Origin is not this service.');
    }
    if (req.method !== 'POST') {
      // Stateless: no stream to GET, no session to DELETE.
      return sendRpcError(res, 405, RPC.serverError, `${req.method} is not allowed; send JSON-RPC by POST.`, {
        headers: { Allow: 'POST' },
      });
    }
    if (hasCredentialInUrl(req.url ?? '')) {
      return sendRpcError(res, 400, RPC.invalidRequest, API_KEY_IN_URL, { data: { code: 'api_key_in_url' } });
    }
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return sendRpcError(
        res,
        406,
        RPC.serverError,
        'Not Acceptable: send "Accept: application/json, text/event-stream".',
      );
    }
    const version = req.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !isSupportedProtocolVersion(version)) {
      return sendRpcError(
        res,
        400,
        RPC.serverError,
        `Unsupported MCP-Protocol-Version ${version}; supported: ${PROTOCOL_VERSIONS.join(', ')}.`,
      );
    }
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return sendRpcError(
        res,
        415,
        RPC.serverError,
        'Unsupported Media Type: send Content-Type: application/json.',
      );
    }
    const body = await readJsonBody(req, maxBodyBytes);
    if (body.kind === 'too_large') {
      return sendRpcError(res, 413, RPC.serverError, `The body is over the ${maxBodyBytes} byte limit.`, {
        data: { code: 'payload_too_large' },
        headers: { Connection: 'close' },
      });
    }
    if (body.kind === 'invalid_json')
      return sendRpcError(res, 400, RPC.parseError, 'Parse error: invalid JSON.');
    const batch = Array.isArray(body.value);
    const messages = (batch ? (body.value as unknown[]) : [body.value]).map(toRpcMessage);
    const invalid = invalidBody(messages);
    if (invalid !== null) return sendRpcError(res, 400, RPC.invalidRequest, invalid);
    const requests = (messages as RpcMessage[]).filter((m) => m.kind === 'request');
    if (requests.length === 0) {
      res.writeHead(202).end(); // notifications and responses only: acknowledged, no body
      return;
    }
    const actor = requests.some((r) => r.method === 'tools/call')
      ? await authenticate(deps, req, res, requests)
      : null;
    if (actor === undefined) return; // refused, answered
    if (actor !== null && !hasToolScopes(deps, res, requests, actor, catalog)) return;
    const context: RpcContext = { deps, catalog, actor };
    const replies = await Promise.all(requests.map((r) => answerRequest(r, context)));
    const json = JSON.stringify(batch ? replies : replies[0]);
    if (pathOf(req) === LEGACY_MCP_PATH) res.setHeader('Deprecation', 'true');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  };
  return {
    owns: (path) => path === MCP_PATH || path === LEGACY_MCP_PATH || path === RESOURCE_METADATA_PATH,
    handle(req, res) {
      serve(req, res).catch((fault: unknown) => {
        if (isStoreUnavailable(fault)) {
          // The database is restarting: say so, as the REST API does, instead of a fault.
          deps.logger.warn({ path: MCP_PATH }, 'database unavailable');
          if (!res.headersSent) {
            sendRpcError(res, 503, RPC.serverError, DATABASE_UNAVAILABLE.message, {
              data: { code: DATABASE_UNAVAILABLE.code },
              headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
            });
          } else res.destroy();
          return;
        }
        deps.logger.error(
          { path: MCP_PATH, fault: fault instanceof Error ? fault.name : String(fault) },
          'mcp fault',
        );
        if (!res.headersSent) sendRpcError(res, 500, RPC.internalError, 'Internal error. Try again.');
        else res.destroy();
      });
    },
  };
}

const API_KEY_IN_URL =
  'Keys are never accepted in the URL. Send "Authorization: Bearer <key>", and revoke the key you sent: URLs end up in logs.';

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function serveMetadata(req: IncomingMessage, res: ServerResponse, metadata: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(metadata),
    'Cache-Control': 'public, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : metadata);
}

/** Why a body is not a usable set of JSON-RPC messages, or null when it is. */
function invalidBody(messages: readonly (RpcMessage | null)[]): string | null {
  if (messages.length === 0) return 'Invalid Request: an empty batch.';
  if (messages.includes(null)) return 'Invalid Request: every message must be a JSON-RPC 2.0 object.';
  const initialize = messages.some((m) => m?.kind === 'request' && m.method === 'initialize');
  return initialize && messages.length > 1 ? 'Invalid Request: initialize must be sent alone.' : null;
}

/**
 * The caller of a `tools/call`, or undefined once a refusal is sent: no or a refused token is 401
 * with the challenge that leads to OAuth (spec 5.2); a shut-out user or an expired plan is 403.
 * Only tool calls are authenticated, so `initialize`, `ping` and `tools/list` cost no lookup.
 */
async function authenticate(
  deps: McpDeps,
  req: IncomingMessage,
  res: ServerResponse,
  requests: readonly Extract<RpcMessage, { kind: 'request' }>[],
): Promise<Actor | undefined> {
  const id = requests.length === 1 ? (requests[0]?.id ?? null) : null;
  const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
  const verified = token === undefined ? null : await deps.bearer.verify(token);
  if (verified === null || verified.isErr()) {
    const code = verified === null ? 'missing_api_key' : verified.error.code;
    const message =
      verified === null
        ? 'Tool calls need credentials: send "Authorization: Bearer <API key or OAuth access token>".'
        : verified.error.message;
    if (code === 'api_access_disabled') {
      sendRpcError(res, 403, RPC.unauthorized, message, { id, data: { code } });
      return undefined;
    }
    sendRpcError(res, 401, RPC.unauthorized, message, {
      id,
      data: { code },
      headers: { 'WWW-Authenticate': bearerChallenge(deps.baseUrl, message) },
    });
    return undefined;
  }
  const actor = verified.value;
  const entitled = checkCanUseTools(actor.user, deps.core.clock.now());
  if (entitled.isErr()) {
    sendRpcError(res, 403, RPC.unauthorized, entitled.error.message, { id, data: { code: 'plan_required' } });
    return undefined;
  }
  return actor;
}

/**
 * For an OAuth token, refuses a tool call its scopes do not cover with HTTP 403 and a step-up
 * challenge naming the OAuth scope to ask for (MCP authorization, RFC 6750 `insufficient_scope`).
 * A key's missing scope stays a tool result, as it always was; the key holder cannot step up.
 */
function hasToolScopes(
  deps: McpDeps,
  res: ServerResponse,
  requests: readonly Extract<RpcMessage, { kind: 'request' }>[],
  actor: Actor,
  catalog: ToolCatalog,
): boolean {
  if (actor.oauthScopes === undefined) return true;
  for (const request of requests) {
    if (request.method !== 'tools/call' || typeof request.params.name !== 'string') continue;
    const needed = catalog.scopeOf(request.params.name);
    if (needed === undefined || needed === null || hasScope(actor.scopes, needed)) continue;
    const scope = oauthScopeFor(needed) ?? needed;
    const message = `${request.params.name} needs the ${scope} scope; authorize again asking for it.`;
    sendRpcError(res, 403, RPC.unauthorized, message, {
      id: requests.length === 1 ? request.id : null,
      data: { code: 'insufficient_scope', requiredScope: scope },
      headers: { 'WWW-Authenticate': insufficientScopeChallenge(deps.baseUrl, scope, message) },
    });
    return false;
  }
  return true;
}

import type { IncomingMessage } from 'node:http';
import { type Actor, actorOwner, checkCanUseTools, hasScope, oauthScopeFor, type SvcError } from '@svc/core';
import type { RpcRequest } from './answer-request.js';
import { EndpointRefusal, type RefusalId } from './endpoint-refusal.js';
import { RPC } from './json-rpc-error.js';
import type { McpDeps } from './mcp-deps.js';
import { bearerChallenge, insufficientScopeChallenge } from './protected-resource.js';
import type { ToolCatalog } from './tool-catalog.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

const NO_CREDENTIALS =
  'Tool calls need credentials: send "Authorization: Bearer <API key or OAuth access token>".';

/**
 * The caller of a body holding a `tools/call`, from `Authorization: Bearer`: no token or a
 * refused one is 401 with the challenge that leads to OAuth (spec 5.2); a user an operator shut
 * out is 403. Only tool calls come here, so `initialize`, `ping` and `tools/list` cost no lookup.
 */
export async function authenticateCaller(
  deps: Pick<McpDeps, 'bearer' | 'baseUrl'>,
  req: IncomingMessage,
  requests: readonly RpcRequest[],
): Promise<Actor> {
  const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
  if (token === undefined) {
    throw credentialRefusal(deps.baseUrl, { code: 'missing_api_key', message: NO_CREDENTIALS }, requests);
  }
  const verified = await deps.bearer.verify(token);
  if (verified.isErr()) throw credentialRefusal(deps.baseUrl, verified.error, requests);
  return verified.value;
}

/** 401 with the challenge for a missing or refused token; 403 without one for a shut-out user. */
function credentialRefusal(
  baseUrl: string,
  refused: SvcError,
  requests: readonly RpcRequest[],
): EndpointRefusal {
  const { code, message } = refused;
  if (code === 'api_access_disabled') {
    // Identified but not allowed: no challenge, since no other credential would help.
    return new EndpointRefusal({ status: 403, rpcCode: RPC.unauthorized, message, code, id: idOf(requests) });
  }
  return new EndpointRefusal({
    status: 401,
    rpcCode: RPC.unauthorized,
    message,
    code,
    headers: { 'WWW-Authenticate': bearerChallenge(baseUrl, message) },
    id: idOf(requests),
  });
}

/** A user whose trial ended without a plan (and who is not a beta tester) may not call tools. */
export function checkEntitlement(actor: Actor, now: Date, requests: readonly RpcRequest[]): void {
  const entitled = checkCanUseTools(actorOwner(actor), now);
  if (entitled.isErr()) {
    throw new EndpointRefusal({
      status: 403,
      rpcCode: RPC.unauthorized,
      message: entitled.error.message,
      code: 'plan_required',
      id: idOf(requests),
    });
  }
}

/**
 * For an OAuth token, refuses a tool call its scopes do not cover with HTTP 403 and a step-up
 * challenge naming the OAuth scope to ask for (MCP authorization, RFC 6750 `insufficient_scope`).
 * A key's missing scope stays a tool result, as it always was: the key holder cannot step up.
 */
export function checkOAuthScopes(
  baseUrl: string,
  actor: Actor,
  requests: readonly RpcRequest[],
  catalog: ToolCatalog,
): void {
  if (actor.oauthScopes === undefined) return;
  for (const request of requests) {
    if (request.method !== 'tools/call' || typeof request.params.name !== 'string') continue;
    const needed = catalog.scopeOf(request.params.name);
    if (needed === undefined || needed === null || hasScope(actor.scopes, needed)) continue;
    const scope = oauthScopeFor(needed) ?? needed;
    const message = `${request.params.name} needs the ${scope} scope; authorize again asking for it.`;
    throw new EndpointRefusal({
      status: 403,
      rpcCode: RPC.unauthorized,
      message,
      code: 'insufficient_scope',
      data: { requiredScope: scope },
      headers: { 'WWW-Authenticate': insufficientScopeChallenge(baseUrl, scope, message) },
      id: requests.length === 1 ? request.id : null,
    });
  }
}

/** A refusal of a body with one request answers that request's id; of a batch, none. */
function idOf(requests: readonly RpcRequest[]): RefusalId {
  return requests.length === 1 ? (requests[0]?.id ?? null) : null;
}

import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { approve } from './approve.js';
import type { OAuthTestApp } from './oauth-test-app.js';

/** The loopback callback test clients register. */
export const CALLBACK = 'http://127.0.0.1:53682/callback';

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Registers a public client by RFC 7591 and returns the raw response. */
export function register(app: OAuthTestApp, metadata: Record<string, unknown>): Promise<Response> {
  return fetch(`${app.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Raw Client',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...metadata,
    }),
  });
}

/** Registers a public client with the loopback callback and returns its id. */
export async function registeredClient(app: OAuthTestApp, redirectUris = [CALLBACK]): Promise<string> {
  const response = await register(app, { redirect_uris: redirectUris });
  const body = (await response.json()) as { client_id?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return String(body.client_id);
}

/** An authorization URL with the given parameters (undefined ones left out). */
export function authorizeUrl(app: OAuthTestApp, params: Record<string, string | undefined>): string {
  const url = new URL(`${app.baseUrl}/oauth/authorize`);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

/** The usual parameters of a code request with PKCE S256. */
export function codeRequest(
  clientId: string,
  challenge: string,
  extra: Record<string, string | undefined> = {},
) {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: 'mcp:read mcp:write offline_access',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

/** Signs in as `email`, consents, and returns the authorization code. */
export async function codeFor(
  app: OAuthTestApp,
  url: string,
  email: string,
  password: string,
): Promise<string> {
  const { callback } = await approve(app.baseUrl, url, { email, password });
  const code = callback.searchParams.get('code');
  if (code === null) throw new Error(`No code in ${callback.href}`);
  return code;
}

/** POSTs a form to the token endpoint. */
export async function tokenRequest(
  app: OAuthTestApp,
  fields: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${app.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Calls a tool over raw JSON-RPC with a Bearer token. */
export function callTool(app: OAuthTestApp, token: string, name: string, args: Record<string, unknown> = {}) {
  return fetch(`${app.baseUrl}/api/mcp`, {
    method: 'POST',
    headers: {
      Accept: 'application/json, text/event-stream',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}

import { randomUUID } from 'node:crypto';
import { checkApiAccess, MCP_OAUTH_SCOPES, MCP_RESOURCE_SCOPES } from '@svc/core';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import { METADATA_DOCUMENT_MAX_BYTES, metadataDocumentFetch } from './metadata-document-fetch.js';
import { issuerOf, mcpResourceOf, type OAuthDeps } from './oauth-deps.js';
import { INTERACTION_PREFIX, OAUTH_ROUTES } from './oauth-routes.js';
import type { OAuthSecrets } from './oauth-secrets.js';
import { renderErrorPage } from './pages/error-page.js';
import { classifyRedirectUri } from './redirect-uri-policy.js';
import { storeAdapterFactory } from './store-adapter.js';

/** Scopes a client that asks for none gets: the tool scopes of the tool endpoint's 401 challenge. */
export const DEFAULT_SCOPE = MCP_OAUTH_SCOPES.join(' ');

/** Every scope the server grants (spec 5.2); `openid` stays for clients that want an ID token. */
export const SUPPORTED_SCOPES = [...MCP_RESOURCE_SCOPES, 'offline_access', 'openid'] as const;

/** Lifetimes, in seconds. */
const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  // A refresh token lasts 30 days from its use; each use rotates it, so an agent in use stays in.
  RefreshToken: 30 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 365 * 24 * 60 * 60,
};

/** The registration fields we take beyond oidc-provider's own (RFC 7591 section 2). */
const EXTRA_CLIENT_METADATA = ['software_id', 'software_version'];

/**
 * Builds the oidc-provider instance as a pure OAuth 2.1 authorization server for the agent-tool
 * endpoint: authorization code with PKCE S256 only, open dynamic registration under the
 * redirect-URI policy, refresh tokens rotated on every use, and access tokens bound to
 * the tool endpoint (`mcpResourceOf`). Everything persists through the OAuthStore port.
 */
export function createProvider(deps: OAuthDeps, secrets: OAuthSecrets): Provider {
  const issuer = issuerOf(deps.baseUrl);
  const resource = mcpResourceOf(deps.baseUrl);
  const https = issuer.startsWith('https:');
  const cookie = { httpOnly: true, sameSite: 'lax', secure: https, signed: true } as const;
  // Which client each registration in flight is being given, so its secret can be derived from it.
  const registering = new WeakMap<object, string>();

  const configuration: Configuration = {
    adapter: storeAdapterFactory(deps.store.oauth, deps.clock, secrets.clientSecretFor),
    clients: [],
    jwks: { keys: [secrets.signingKey] },
    async findAccount(_ctx, sub) {
      const user = await deps.store.users.getUser(sub);
      if (user === null || checkApiAccess(user).isErr()) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: user.email }) };
    },
    claims: { profile: ['email'], openid: ['sub'] },
    scopes: [...SUPPORTED_SCOPES],
    responseTypes: ['code'],
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'EdDSA',
    },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    pkce: { required: () => true },
    // OAuth 2.1: the redirect URI is always sent and compared exactly.
    allowOmittingSingleRegisteredRedirectUri: false,
    // Every use of a refresh token retires it (OAuth 2.1 for public clients); oidc-provider
    // revokes the whole grant when a retired one comes back.
    rotateRefreshToken: () => true,
    // Agents keep working after the person closes the browser: tokens outlive the sign-in session.
    expiresWithSession: async () => false,
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    ttl: TTL,
    cookies: {
      keys: [...secrets.cookieKeys],
      names: { session: 'svc_session', interaction: 'svc_interaction', resume: 'svc_interaction_resume' },
      long: cookie,
      short: cookie,
    },
    routes: OAUTH_ROUTES,
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}${interaction.uid}` },
    extraClientMetadata: {
      properties: EXTRA_CLIENT_METADATA,
      validator(_ctx, key, value, metadata) {
        if (value !== undefined && typeof value !== 'string') {
          throw new errors.InvalidClientMetadata(`${key} must be a string`);
        }
        if (key === EXTRA_CLIENT_METADATA[0]) applyRedirectUriPolicy(metadata);
      },
    },
    discovery: {
      scopes_supported: [...SUPPORTED_SCOPES],
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      introspection: { enabled: false },
      // An https client_id is fetched as the client's metadata (draft-ietf-oauth-client-id-metadata-
      // document) through metadataDocumentFetch, and cached 5 minutes (our fetcher passes no
      // Cache-Control on, so the minimum applies).
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        cacheDuration: { min: 300, max: 86_400 },
      },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens (RFC 7009 section 2.1).
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      registration: {
        enabled: true,
        initialAccessToken: false,
        issueRegistrationAccessToken: false,
        idFactory(ctx) {
          const id = `client_${randomUUID().replaceAll('-', '')}`;
          registering.set(ctx, id);
          return id;
        },
        async secretFactory(ctx) {
          const id = registering.get(ctx);
          if (id === undefined) throw new Error('A client secret was asked for before the client id.');
          return secrets.clientSecretFor(id);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource here is ${resource}`);
          return {
            scope: DEFAULT_SCOPE,
            audience: resource,
            accessTokenTTL: TTL.AccessToken,
            // Opaque, not JWT: each call looks its token up in the store, so revoking it (or the
            // whole grant, when a refresh token is replayed) takes effect at once, and nothing a
            // client holds can be read or outlive its record. The lookup is one indexed read
            // in-process, and only the endpoint in this same server ever checks these tokens.
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    // A client metadata document is a few hundred bytes; 5 KB is plenty and bounds what we read.
    fetchResponseBodyLimits: { 'client_id metadata document': METADATA_DOCUMENT_MAX_BYTES },
    fetch: metadataDocumentFetch(deps.fetcher),
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderErrorPage(String(out.error), String(out.error_description ?? ''));
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = deps.trustProxy;
  provider.use(defaultScope);
  return provider;
}

/**
 * Registration policy for redirect URIs (see classifyRedirectUri). Runs inside oidc-provider's
 * client validation, on registration and whenever a stored client is loaded. A client with a
 * private-use scheme is a native app: oidc-provider accepts such schemes only for those.
 */
function applyRedirectUriPolicy(metadata: Record<string, unknown>): void {
  const uris = Array.isArray(metadata.redirect_uris) ? metadata.redirect_uris : [];
  let native = false;
  for (const uri of uris) {
    const sorted = classifyRedirectUri(String(uri));
    // A description starting with redirect_uris makes oidc-provider answer invalid_redirect_uri.
    if ('refusal' in sorted) throw new errors.InvalidClientMetadata(sorted.refusal);
    if (sorted.kind === 'private-use') native = true;
  }
  if (native) metadata.application_type = 'native';
}

/**
 * Adjusts an authorization request before oidc-provider reads it: no `scope` means the default
 * scopes; `offline_access` without `prompt` asks for consent, which OpenID Connect requires before
 * it issues a refresh token (oidc-provider drops the scope otherwise) and OAuth clients do not
 * send. Long-lived access is then always approved by the person, even for a known client.
 */
async function defaultScope(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  if (ctx.path === OAUTH_ROUTES.authorization && ctx.method === 'GET') {
    const { scope, prompt } = ctx.query;
    if (scope === undefined || scope === '') ctx.query = { ...ctx.query, scope: DEFAULT_SCOPE };
    else if (
      typeof scope === 'string' &&
      scope.split(' ').includes('offline_access') &&
      prompt === undefined
    ) {
      ctx.query = { ...ctx.query, prompt: 'consent' };
    }
  }
  await next();
}

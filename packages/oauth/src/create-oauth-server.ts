import { createSignInLimiter } from '@svc/core';
import { requestPath, stylesheetReply, WEB_CSS, type WebSurface, writeReply } from '@svc/web';
import type Provider from 'oidc-provider';
import { createProvider } from './create-provider.js';
import { createInteractionHandler } from './interaction-handler.js';
import { type OAuthBearerVerifier, oauthBearerVerifier } from './oauth-bearer-verifier.js';
import { mcpResourceOf, type OAuthDeps } from './oauth-deps.js';
import { INTERACTION_PREFIX, METADATA_PATHS, OAUTH_ROUTES } from './oauth-routes.js';
import { createOAuthSecrets } from './oauth-secrets.js';
import { OAUTH_CSS_PATH } from './pages/html-page.js';
import { createRegistrationGuard } from './registration-guard.js';

/** The authorization server as a plain Node handler for the paths it owns (mounted into the HTTP app). */
export type OAuthServer = WebSurface & {
  /** Accepts the access tokens it issues, for the tool endpoint. */
  readonly verifier: OAuthBearerVerifier;
  /** The oidc-provider instance (tests mint and inspect tokens with it). */
  readonly provider: Provider;
  /** Deletes expired codes, tokens, sessions and interactions; resolves to how many went. */
  sweep(): Promise<number>;
};

/**
 * Builds the authorization server: oidc-provider for the protocol endpoints and metadata, our
 * own sign-in and consent pages for its interactions. Mounted raw rather than inside the REST
 * app's Koa stack: oidc-provider is a Koa app of its own with its own error format (RFC 6749
 * errors), which the REST error middleware must not rewrite.
 */
export function createOAuthServer(deps: OAuthDeps): OAuthServer {
  const secrets = createOAuthSecrets(deps.secret);
  const provider = createProvider(deps, secrets);
  const interactions = createInteractionHandler(
    deps,
    provider,
    secrets,
    deps.signInLimiter ?? createSignInLimiter(deps.store.rateLimits, deps.clock),
  );
  const callback = provider.callback();
  const guardRegistration = createRegistrationGuard(deps);
  return {
    owns: (path) => path.startsWith('/oauth/') || METADATA_PATHS.includes(path),
    handle(req, res) {
      const path = requestPath(req);
      if (path === OAUTH_CSS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        writeReply(res, stylesheetReply(WEB_CSS), { head: req.method === 'HEAD' });
        return;
      }
      if (path === OAUTH_ROUTES.registration && req.method === 'POST') {
        guardRegistration(req, res)
          .then((checked) => {
            if (checked !== null) callback(checked, res);
          })
          .catch((fault: unknown) => {
            deps.logger.error(
              { path, fault: fault instanceof Error ? fault.message : String(fault) },
              'oauth registration fault',
            );
            if (res.headersSent) res.destroy();
            else
              res
                .writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' })
                .end(
                  JSON.stringify({ error: 'server_error', error_description: 'Internal error. Try again.' }),
                );
          });
        return;
      }
      if (!path.startsWith(INTERACTION_PREFIX)) {
        callback(req, res);
        return;
      }
      interactions(req, res).catch((fault: unknown) => {
        deps.logger.error(
          { path: INTERACTION_PREFIX, fault: fault instanceof Error ? fault.message : String(fault) },
          'oauth interaction fault',
        );
        if (!res.headersSent)
          res
            .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
            .end('Internal error. Try again.');
        else res.destroy();
      });
    },
    verifier: oauthBearerVerifier(provider, deps, mcpResourceOf(deps.baseUrl)),
    provider,
    sweep: () => deps.store.oauth.deleteExpired(deps.clock.now()),
  };
}

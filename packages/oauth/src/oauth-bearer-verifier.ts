import {
  type Actor,
  AGENT_GRANT_KIND,
  actorInWorkspace,
  boundWorkspaceOf,
  type Clock,
  checkWorkspaceApiAccess,
  decideLastUse,
  OAUTH_CREDENTIAL_PREFIX,
  type OAuthRecord,
  type Store,
  type SvcError,
  scopesForOAuth,
  svcError,
} from '@svc/core';
import { err, type Result } from 'neverthrow';
import type Provider from 'oidc-provider';
import type { OAuthLogger } from './oauth-deps.js';

/** Turns an OAuth access token into the calling Actor, as the tool endpoint's BearerVerifier port wants. */
export type OAuthBearerVerifier = {
  verify(token: string): Promise<Result<Actor, SvcError>>;
};

/**
 * Accepts the access tokens this server issued for `resource`: a token that is unknown, expired,
 * revoked (its record or its grant is gone), or issued for another audience is
 * `invalid_access_token`; a user who is gone or shut out is `api_access_disabled`. The token acts
 * in the workspace its grant was bound to on the consent page, with the person's role there read
 * at every call (`actorInWorkspace`): once they are no longer a member it is refused like a revoked
 * one. OAuth scopes become key scopes, so tools check one vocabulary; the token's own scopes ride
 * along for the step-up challenge. An accepted token's grant records its last use (at most once a
 * minute), which the person's Agents page shows.
 */
export function oauthBearerVerifier(
  provider: Provider,
  deps: {
    readonly store: Pick<Store, 'users' | 'oauth' | 'workspaces'>;
    readonly clock: Clock;
    readonly logger: Pick<OAuthLogger, 'warn'>;
  },
  resource: string,
): OAuthBearerVerifier {
  return {
    async verify(token) {
      // oidc-provider's opaque tokens are 43 base64url characters; anything else is not ours.
      if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) return invalid();
      const found = await provider.AccessToken.find(token);
      if (found === undefined) return invalid();
      const audience = Array.isArray(found.aud) ? found.aud : [found.aud];
      if (!audience.includes(resource)) return invalid();
      if ((found.exp ?? 0) * 1000 <= deps.clock.now().getTime()) return invalid();
      const user = await deps.store.users.getUser(found.accountId);
      if (user === null) {
        return err(
          svcError('api_access_disabled', 'The account this token was issued for no longer exists.'),
        );
      }
      const grant =
        typeof found.grantId === 'string'
          ? await deps.store.oauth.find(AGENT_GRANT_KIND, found.grantId)
          : null;
      const now = deps.clock.now().getTime();
      if (grant === null || (grant.expiresAt !== null && grant.expiresAt.getTime() <= now)) return invalid();
      const oauthScopes = (found.scope ?? '').split(' ').filter((s) => s !== '');
      const credential = {
        user,
        credentialId: `${OAUTH_CREDENTIAL_PREFIX}${found.clientId}`,
        scopes: scopesForOAuth(oauthScopes),
        accountIds: null,
        oauthScopes,
      };
      const actor = await actorInWorkspace(deps, credential, boundWorkspaceOf(grant.payload, user.id));
      if (actor === null) return invalid();
      const access = checkWorkspaceApiAccess(actor);
      if (access.isOk()) await recordGrantUse(deps, grant);
      return access;
    },
  };
}

function invalid(): Result<never, SvcError> {
  return err(
    svcError(
      'invalid_access_token',
      'The access token is invalid, expired, revoked or issued for another resource. Authorize again.',
    ),
  );
}

// A failed write is logged (the grant id only, never a token) and refuses nothing: the time shown
// is a convenience, never a reason to turn an agent away.
async function recordGrantUse(
  deps: {
    readonly store: Pick<Store, 'oauth'>;
    readonly clock: Clock;
    readonly logger: Pick<OAuthLogger, 'warn'>;
  },
  grant: OAuthRecord,
): Promise<void> {
  try {
    const use = decideLastUse(grant.lastUsedAt, deps.clock.now());
    if (use !== null) await deps.store.oauth.recordUse(AGENT_GRANT_KIND, grant.id, use.at, use.unlessSince);
  } catch (error) {
    deps.logger.warn(
      { grantId: grant.id, error: String(error) },
      'An agent’s last use could not be recorded.',
    );
  }
}

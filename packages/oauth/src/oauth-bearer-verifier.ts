import {
  type Actor,
  type Clock,
  checkApiAccess,
  type Store,
  type SvcError,
  scopesForOAuth,
  svcError,
} from '@svc/core';
import { err, type Result } from 'neverthrow';
import type Provider from 'oidc-provider';

/** Turns an OAuth access token into the calling Actor, as the tool endpoint's BearerVerifier port wants. */
export type OAuthBearerVerifier = {
  verify(token: string): Promise<Result<Actor, SvcError>>;
};

/**
 * Accepts the access tokens this server issued for `resource`: a token that is unknown, expired,
 * revoked (its record is gone), or issued for another audience is `invalid_access_token`; a user
 * who is gone or shut out is `api_access_disabled`. OAuth scopes become key scopes, so tools
 * check one vocabulary; the token's own scopes ride along for the step-up challenge.
 */
export function oauthBearerVerifier(
  provider: Provider,
  deps: { readonly store: Pick<Store, 'users'>; readonly clock: Clock },
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
      const oauthScopes = (found.scope ?? '').split(' ').filter((s) => s !== '');
      return checkApiAccess(user).map(
        (u): Actor => ({
          user: u,
          credentialId: `oauth:${found.clientId}`,
          scopes: scopesForOAuth(oauthScopes),
          accountIds: null,
          oauthScopes,
        }),
      );
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

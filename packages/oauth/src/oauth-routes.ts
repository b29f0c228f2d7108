/** Where each endpoint of the authorization server answers (all under /oauth/, besides metadata). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/logout',
  introspection: '/oauth/introspect',
} as const;

/** The sign-in and consent pages of one authorization request: `/oauth/interaction/<uid>`. */
export const INTERACTION_PREFIX = '/oauth/interaction/';

/** RFC 8414 metadata, and its OpenID Connect twin that some clients look for first. */
export const METADATA_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
];

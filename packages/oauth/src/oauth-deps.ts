import {
  type Clock,
  MCP_PATH,
  type MediaFetcher,
  type RateLimitSettings,
  type SecondFactorDeps,
  type SignInLimiter,
  type Store,
} from '@svc/core';
import type { OidcSignOn } from '@svc/web';

/** Where the authorization server reports faults it answers with a generic page. */
export type OAuthLogger = {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};

/** What the OAuth authorization server is built from. */
export type OAuthDeps = {
  /**
   * Users (to sign in), their workspaces (chosen on the consent page, read again at every call of
   * a token) and the OAuth records (clients, grants, codes, tokens, sessions).
   */
  readonly store: Pick<Store, 'users' | 'oauth' | 'rateLimits' | 'workspaces'>;
  readonly clock: Clock;
  /** The public base URL (`SVC_BASE_URL`): the issuer, and the tool endpoint under it is the one resource. */
  readonly baseUrl: string;
  /** Secret material every OAuth secret is derived from (cookies, ID-token key, client secrets). */
  readonly secret: string | Uint8Array;
  /** Trust `X-Forwarded-*` headers (behind a reverse proxy that terminates TLS). */
  readonly trustProxy: boolean;
  readonly logger: OAuthLogger;
  /**
   * Fetches client ID metadata documents: the service's SSRF-safe fetcher (public https addresses
   * only, refused before connecting), or one answering from memory in tests.
   */
  readonly fetcher: MediaFetcher;
  /**
   * Counts sign-in attempts; pass the one the console uses so both pages share one allowance.
   * Default: one of its own on the store's rate-limit counters (still shared between processes).
   */
  readonly signInLimiter?: SignInLimiter;
  /**
   * The rate limits of the API; the authorization server applies `registrationsPerHour` to open
   * client registration, per client address, on the same shared counters. Absent: no limit
   * (embedding, tests).
   */
  readonly rateLimits?: RateLimitSettings;
  /**
   * Single sign-on through an OpenID Connect provider (`SVC_OIDC_*`): the sign-in page offers it,
   * and the console's callback hands the person back (docs/agents.md); absent: password only.
   */
  readonly singleSignOn?: OidcSignOn;
  /**
   * The second-factor use cases, so the sign-in asks for a code after the password as the console
   * does; absent: the password is enough (an authorization server embedded on its own).
   */
  readonly secondFactors?: SecondFactorDeps;
  /** Everyone must pass a second factor (`SVC_REQUIRE_SECOND_FACTOR`): people without one are refused. */
  readonly requireSecondFactor?: boolean;
};

/** The base URL without trailing slashes: the issuer identifier. */
export function issuerOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** The one protected resource tokens are issued for: the agent-tool endpoint (RFC 8707). */
export function mcpResourceOf(baseUrl: string): string {
  return `${issuerOf(baseUrl)}${MCP_PATH}`;
}

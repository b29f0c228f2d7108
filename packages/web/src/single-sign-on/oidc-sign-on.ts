import type { Clock, KeyHasher, OAuthStore, ProviderIdentity } from '@svc/core';
import * as client from 'openid-client';
import { SIGN_ON_LIFETIME_MS, signOnCookie, signOnHandleOf } from './sign-on-cookie.js';
import type { SignOnPurpose, SignOnResult } from './sign-on-result.js';

/** The service's client at the provider; the secret goes to the token endpoint only (`client_secret_basic`). */
type OidcClient = { readonly clientId: string; readonly clientSecret: string };

/** The identity provider as the operator configured it (`SVC_OIDC_*`, docs/configuration.md). */
export type OidcSettings = OidcClient & {
  /** The issuer URL; its discovery document (`/.well-known/openid-configuration`) is read on first use. */
  readonly issuer: string;
  /** The provider's name on the button ("Sign in with <name>"). */
  readonly name: string;
};

/** Single sign-on through an OpenID Connect provider: authorization code, PKCE, state and nonce. */
export type OidcSignOn = {
  readonly name: string;
  /**
   * The provider's authorization URL to send the browser to, and the cookie that binds it; null
   * when the provider's discovery document cannot be read.
   */
  begin(purpose: SignOnPurpose): Promise<{ readonly location: string; readonly cookie: string } | null>;
  /** Takes the provider's redirect back (`callbackUrl`), once: the record is gone after this. */
  finish(callbackUrl: URL, cookieHeader: string | undefined): Promise<SignOnResult>;
  /** Leaves the signed-in user for the agents' sign-in page of `interaction` to pick up. */
  handOff(cookieHeader: string | undefined, interaction: string, userId: string): Promise<void>;
  /** The user handed to `interaction` from this browser, once; null when none. */
  takeHandOff(cookieHeader: string | undefined, interaction: string): Promise<string | null>;
  /** The header that clears the cookie. */
  readonly clearCookie: string;
};

/** The path the provider redirects back to; register `<SVC_BASE_URL>/app/sign-in/sso/callback` there. */
export const SIGN_ON_CALLBACK_PATH = '/app/sign-in/sso/callback';

// Kept with the OAuth records (kind, id, JSON, expiry): any server sharing the database can take
// the provider's answer, and expired ones go with the OAuth sweep. The id is the cookie's handle,
// hashed, so a database leak hands out no sign-in in progress.
const KIND = 'SingleSignOn';

type Started = { state: string; nonce: string; verifier: string; purpose: SignOnPurpose };
type HandedOff = { interaction: string; userId: string };

/** Whether a URL's host is this machine: the only place plain http is allowed for the issuer. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Creates the sign-on; the provider's discovery document is fetched on first use, again after a failure. */
export function createOidcSignOn(
  settings: OidcSettings,
  deps: {
    readonly oauth: OAuthStore;
    readonly clock: Clock;
    readonly keyHasher: KeyHasher;
    readonly baseUrl: string;
  },
): OidcSignOn {
  const secure = deps.baseUrl.startsWith('https:');
  const redirectUri = new URL(SIGN_ON_CALLBACK_PATH, deps.baseUrl).href;
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        client.ClientSecretBasic(settings.clientSecret),
        { execute: isLoopbackUrl(settings.issuer) ? [client.allowInsecureRequests] : [], timeout: 10 },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  const take = async (cookieHeader: string | undefined) => {
    const handle = signOnHandleOf(cookieHeader);
    if (handle === null) return null;
    const id = deps.keyHasher.hash(handle);
    const found = await deps.oauth.find(KIND, id);
    // Single use: gone before it is looked at, so a replayed answer finds nothing.
    if (found !== null) await deps.oauth.destroy(KIND, id);
    const live = found?.expiresAt != null && found.expiresAt.getTime() > deps.clock.now().getTime();
    return live ? { handle, payload: found.payload } : null;
  };
  return {
    name: settings.name,
    clearCookie: signOnCookie(null, secure),
    async begin(purpose) {
      const config = await configuration().catch(() => null);
      if (config === null) return null;
      const started: Started = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        purpose,
      };
      const handle = client.randomState();
      const expires = new Date(deps.clock.now().getTime() + SIGN_ON_LIFETIME_MS);
      await deps.oauth.upsert(KIND, deps.keyHasher.hash(handle), started, expires);
      const location = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: started.state,
        nonce: started.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(started.verifier),
        code_challenge_method: 'S256',
      });
      return { location: location.href, cookie: signOnCookie(handle, secure) };
    },
    async finish(callbackUrl, cookieHeader) {
      const taken = await take(cookieHeader);
      const started = taken?.payload as Started | undefined;
      if (started?.state === undefined) return { kind: 'failed', reason: 'expired', purpose: null };
      const { purpose } = started;
      if (callbackUrl.searchParams.get('state') !== started.state)
        return { kind: 'failed', reason: 'state_mismatch', purpose };
      if (callbackUrl.searchParams.has('error')) return { kind: 'failed', reason: 'provider_error', purpose };
      const config = await configuration().catch(() => null);
      if (config === null) return { kind: 'failed', reason: 'provider_unreachable', purpose };
      // The answer is checked against the redirect URI registered, whatever host the request used.
      const current = new URL(`${redirectUri}${callbackUrl.search}`);
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: started.verifier,
          expectedState: started.state,
          expectedNonce: started.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (claims === undefined) return { kind: 'failed', reason: 'token_rejected', purpose };
        // Providers that keep the ID token small (node-oidc-provider among them) give the e-mail
        // at the userinfo endpoint instead, for the same subject.
        const email =
          typeof claims.email === 'string'
            ? claims
            : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        const identity: ProviderIdentity = {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof email.email === 'string' ? email.email : undefined,
          emailVerified: typeof email.email_verified === 'boolean' ? email.email_verified : undefined,
          amr: Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [],
        };
        return { kind: 'identity', identity, purpose };
      } catch {
        // A wrong audience, issuer, nonce or signature, or a code already used: the same refusal.
        return { kind: 'failed', reason: 'token_rejected', purpose };
      }
    },
    async handOff(cookieHeader, interaction, userId) {
      const handle = signOnHandleOf(cookieHeader);
      if (handle === null) return;
      const handed: HandedOff = { interaction, userId };
      const expires = new Date(deps.clock.now().getTime() + 2 * 60_000);
      await deps.oauth.upsert(KIND, deps.keyHasher.hash(handle), handed, expires);
    },
    async takeHandOff(cookieHeader, interaction) {
      const handed = (await take(cookieHeader))?.payload as Partial<HandedOff> | undefined;
      return handed?.interaction === interaction && typeof handed.userId === 'string' ? handed.userId : null;
    },
  };
}

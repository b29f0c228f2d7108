import {
  type AuthorizationRequest,
  type Clock,
  missingRequiredScopes,
  type PlatformFeatures,
  scopesFor,
} from '@svc/core';
import type { z } from 'zod';
import type { PlatformOAuth } from '../shared/define-platform-gateway.js';
import { connectionRefusal, refusedOrThrow } from './connection-refusal.js';
import { longLivedTokenSchema, shortLivedTokenSchema } from './graph-api.js';
import { GraphRequestError } from './graph-failure.js';
import type { GraphOAuthContext } from './graph-oauth-context.js';
import type { UserTokenCredentials } from './user-token-credentials.js';

/** An account's profile as the platform's `/me` describes it. */
export type AccountProfile = {
  readonly id: string;
  readonly handle: string;
  readonly pictureUrl: string | null;
  readonly followerCount: number | null;
};

/** How Instagram Login or Threads Login differ (`instagram-oauth.ts`, `threads-oauth.ts`). */
export type ContainerOAuthSpec = {
  readonly platform: 'instagram' | 'threads';
  readonly platformName: string;
  /** The unversioned Graph host, where the token endpoints are. */
  readonly graphHost: string;
  /** What the consent asks for: publishing's scopes and those of the enabled features. */
  readonly defaultScopes: readonly string[];
  /** The consent page, without its query. */
  readonly authorizePage: string;
  /** Query parameters the consent page takes besides the standard ones. */
  readonly authorizeExtras: Readonly<Record<string, string>>;
  /** Where the callback's code is exchanged for a short-lived token (a form POST). */
  readonly codeExchangeUrl: string;
  /** `grant_type` exchanging a short-lived token for a long-lived one. */
  readonly exchangeGrant: string;
  /** `grant_type` refreshing a long-lived token. */
  readonly refreshGrant: string;
  /** `fields=` of the `/me` read, and how its answer reads. */
  readonly profileFields: string;
  readonly profileSchema: z.ZodType<AccountProfile>;
};

/**
 * What Instagram Login and Threads Login share: the consent page on the www host, the token
 * endpoints on the Graph host, and the scopes of core's table for the enabled features.
 */
export function metaLoginSpec(
  platform: ContainerOAuthSpec['platform'],
  hosts: { readonly www: string; readonly graph: string },
  features: PlatformFeatures,
) {
  return {
    platform,
    graphHost: hosts.graph,
    defaultScopes: scopesFor(platform, features),
    authorizePage: `${hosts.www}/oauth/authorize`,
  } satisfies Partial<ContainerOAuthSpec>;
}

/** What the OAuth calls are made with. */
export type ContainerOAuthContext = GraphOAuthContext & { readonly clock: Clock };

// Long-lived tokens last 60 days.
const LONG_LIVED_SECONDS = 60 * 86_400;

/**
 * Instagram's and Threads' logins: consent, the code for a short-lived token, that for a
 * long-lived one (60 days), refreshed in place. Meta takes no PKCE parameters here, so the
 * verifier is not used; the state value and the app secret protect the exchange instead.
 */
export function createContainerOAuth(
  ctx: ContainerOAuthContext,
  spec: ContainerOAuthSpec,
): PlatformOAuth<UserTokenCredentials> {
  const { graph, clock } = ctx;
  const name = spec.platformName;

  async function exchangeCode(input: { readonly code: string; readonly redirectUri: string }) {
    const short = await graph.post(shortLivedTokenSchema, spec.codeExchangeUrl, {
      client_id: ctx.clientId,
      client_secret: ctx.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code: input.code,
    });
    // A grant without what publishing needs is refused at once, naming what is missing.
    const missing = short.permissions === null ? [] : missingRequiredScopes(spec.platform, short.permissions);
    if (missing.length > 0) {
      return {
        kind: 'refused' as const,
        reason: `${name} did not grant ${missing.join(', ')}: connect again and allow every permission asked for.`,
        missingScopes: missing,
      };
    }
    const long = await graph.get(longLivedTokenSchema, `${spec.graphHost}/access_token`, {
      grant_type: spec.exchangeGrant,
      client_secret: ctx.clientSecret,
      access_token: short.accessToken,
    });
    const me = await graph.get(spec.profileSchema, `${ctx.base}/me`, {
      fields: spec.profileFields,
      access_token: long.access_token,
    });
    const now = clock.now();
    return {
      kind: 'connected' as const,
      profiles: [
        {
          platformAccountId: me.id,
          handle: me.handle,
          profileUrl: ctx.profileUrl(me.handle),
          profileImageUrl: me.pictureUrl,
          followerCount: me.followerCount,
          credentials: {
            accessToken: long.access_token,
            userId: me.id,
            issuedAt: now.toISOString(),
            // What was granted, so features needing more than publishing can tell what is missing.
            ...(short.permissions === null ? {} : { permissions: short.permissions }),
          },
          tokenExpiresAt: new Date(now.getTime() + (long.expires_in ?? LONG_LIVED_SECONDS) * 1000),
        },
      ],
    };
  }

  return {
    authorizeUrl: (request: AuthorizationRequest) =>
      `${spec.authorizePage}?${new URLSearchParams({
        client_id: ctx.clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: (ctx.scopes ?? spec.defaultScopes).join(','),
        state: request.state,
        ...spec.authorizeExtras,
      })}`,
    exchangeCode: (input) => exchangeCode(input).catch((error: unknown) => refusedOrThrow(name, error)),
    async refresh(credentials) {
      try {
        const fresh = await graph.get(longLivedTokenSchema, `${spec.graphHost}/refresh_access_token`, {
          grant_type: spec.refreshGrant,
          access_token: credentials.accessToken,
        });
        const now = clock.now();
        return {
          credentials: { ...credentials, accessToken: fresh.access_token, issuedAt: now.toISOString() },
          expiresAt: new Date(now.getTime() + (fresh.expires_in ?? LONG_LIVED_SECONDS) * 1000),
        };
      } catch (error) {
        // An expired or revoked token cannot be refreshed: only a new login helps.
        if (error instanceof GraphRequestError && connectionRefusal(name, error.failure) !== null)
          return null;
        throw error;
      }
    },
  };
}

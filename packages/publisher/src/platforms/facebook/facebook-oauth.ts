import { type CodeExchange, missingRequiredScopes } from '@svc/core';
import { connectionRefusal, refusedOrThrow } from '../meta/connection-refusal.js';
import { longLivedTokenSchema } from '../meta/graph-api.js';
import { GraphRequestError } from '../meta/graph-failure.js';
import type { GraphOAuthContext } from '../meta/graph-oauth-context.js';
import type { PlatformOAuth } from '../shared/define-platform-gateway.js';
import { FACEBOOK_PAGE_FIELDS, type FacebookPage, facebookPermissionsSchema } from './facebook-api.js';
import type { FacebookCredentials } from './facebook-credentials.js';
import { listFacebookPages } from './facebook-pages-listing.js';

/** What the OAuth calls are made with. */
export type FacebookOAuthContext = GraphOAuthContext & {
  /** The consent page's host. */
  readonly www: string;
  readonly version: string;
  /** What the dialog asks for when no configuration replaces it. */
  readonly defaultScopes: readonly string[];
  /**
   * A Facebook Login for Business configuration id: business-type apps name one instead of a
   * scope list, and the configuration decides the permissions (and asset types) asked for.
   */
  readonly configId: string | null;
  /** Also list the Pages of the person's Business Managers (needs business_management). */
  readonly businessPages: boolean;
};

/**
 * Facebook Login for Pages (platforms.md 5.1), or Facebook Login for Business with a
 * configuration: one consent connects every Page the person chose, each with a Page token that
 * does not expire; a refused Page token is renewed through the long-lived user token. Facebook
 * Login takes no PKCE parameters here, so the verifier is not used; the state value and the app
 * secret protect the exchange instead.
 */
export function createFacebookOAuth(ctx: FacebookOAuthContext): PlatformOAuth<FacebookCredentials> {
  const { graph, base } = ctx;

  async function exchangeCode(input: {
    readonly code: string;
    readonly redirectUri: string;
  }): Promise<CodeExchange> {
    const short = await graph.get(longLivedTokenSchema, `${base}/oauth/access_token`, {
      client_id: ctx.clientId,
      redirect_uri: input.redirectUri,
      client_secret: ctx.clientSecret,
      code: input.code,
    });
    // Page tokens derived from a long-lived user token do not expire.
    const long = await graph.get(longLivedTokenSchema, `${base}/oauth/access_token`, {
      grant_type: 'fb_exchange_token',
      client_id: ctx.clientId,
      client_secret: ctx.clientSecret,
      fb_exchange_token: short.access_token,
    });
    // The dialog lets people untick permissions (and a configuration may lack one): say which.
    const permissions = await graph.get(facebookPermissionsSchema, `${base}/me/permissions`, {
      access_token: long.access_token,
    });
    const granted = permissions.data.filter((p) => p.status === 'granted').map((p) => p.permission);
    const missing = missingRequiredScopes('facebook', granted);
    if (missing.length > 0) {
      return {
        kind: 'refused',
        reason: `Facebook did not grant ${missing.join(', ')}: connect again and allow every permission asked for.`,
        missingScopes: missing,
      };
    }
    const pages = await listFacebookPages(ctx, long.access_token, FACEBOOK_PAGE_FIELDS, ctx.businessPages);
    if (pages.length === 0) {
      return {
        kind: 'refused',
        reason: 'Facebook gave access to no Page: connect again and select at least one Page you manage.',
      };
    }
    return {
      kind: 'connected',
      profiles: pages.map((page) => ({
        platformAccountId: page.id,
        handle: page.name ?? page.id,
        profileUrl: ctx.profileUrl(page.id),
        profileImageUrl: page.picture?.data?.url ?? null,
        followerCount: page.followers_count ?? null,
        credentials: {
          pageId: page.id,
          pageAccessToken: page.access_token,
          userAccessToken: long.access_token,
        },
        tokenExpiresAt: null,
      })),
    };
  }

  return {
    authorizeUrl: (request) =>
      `${ctx.www}/${ctx.version}/dialog/oauth?${new URLSearchParams({
        client_id: ctx.clientId,
        redirect_uri: request.redirectUri,
        state: request.state,
        // A configuration replaces the scope list (Facebook Login for Business).
        ...(ctx.configId === null
          ? { scope: (ctx.scopes ?? ctx.defaultScopes).join(',') }
          : { config_id: ctx.configId }),
        response_type: 'code',
      })}`,
    exchangeCode: (input) => exchangeCode(input).catch((error: unknown) => refusedOrThrow('Facebook', error)),
    async refresh(credentials) {
      let pages: FacebookPage[];
      try {
        pages = await listFacebookPages(
          ctx,
          credentials.userAccessToken,
          'id,name,access_token',
          ctx.businessPages,
        );
      } catch (error) {
        // A refused user token means a new login; faults are tried again later.
        if (error instanceof GraphRequestError && connectionRefusal('Facebook', error.failure) !== null)
          return null;
        throw error;
      }
      const page = pages.find((candidate) => candidate.id === credentials.pageId);
      if (page === undefined) return null;
      return { credentials: { ...credentials, pageAccessToken: page.access_token }, expiresAt: null };
    },
  };
}

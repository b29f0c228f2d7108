import type { CodeExchange } from '@svc/core';
import { connectionRefusal, refusedOrThrow } from '../meta/connection-refusal.js';
import { longLivedTokenSchema } from '../meta/graph-api.js';
import { GraphRequestError } from '../meta/graph-failure.js';
import type { GraphOAuthContext } from '../meta/graph-oauth-context.js';
import type { PlatformOAuth } from '../shared/define-platform-gateway.js';
import { FACEBOOK_PAGE_FIELDS, type FacebookPage, facebookPagesSchema } from './facebook-api.js';
import type { FacebookCredentials } from './facebook-credentials.js';

/** What the OAuth calls are made with. */
export type FacebookOAuthContext = GraphOAuthContext & {
  /** The consent page's host. */
  readonly www: string;
  readonly version: string;
};

const DEFAULT_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'publish_video'];
// Users with more Pages than one answer holds get further pages through `paging.next`.
const MAX_PAGE_LISTINGS = 10;

/**
 * Facebook Login for Pages (platforms.md 5.1): one consent connects every Page the person chose,
 * each with a Page token that does not expire; a refused Page token is renewed through the
 * long-lived user token. Facebook Login takes no PKCE parameters here, so the verifier is not
 * used; the state value and the app secret protect the exchange instead.
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
    const pages = await listPages(ctx, long.access_token, FACEBOOK_PAGE_FIELDS);
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
        scope: (ctx.scopes ?? DEFAULT_SCOPES).join(','),
        response_type: 'code',
      })}`,
    exchangeCode: (input) => exchangeCode(input).catch((error: unknown) => refusedOrThrow('Facebook', error)),
    async refresh(credentials) {
      let pages: FacebookPage[];
      try {
        pages = await listPages(ctx, credentials.userAccessToken, 'id,name,access_token');
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

async function listPages(ctx: FacebookOAuthContext, userToken: string, fields: string) {
  const pages: FacebookPage[] = [];
  let answer = await ctx.graph.get(facebookPagesSchema, `${ctx.base}/me/accounts`, {
    fields,
    access_token: userToken,
  });
  for (let listing = 1; ; listing += 1) {
    pages.push(...answer.data);
    const next = answer.paging?.next;
    if (next === undefined || answer.data.length === 0 || listing >= MAX_PAGE_LISTINGS) return pages;
    // The next link is used as given; it carries the token and the cursor.
    answer = await ctx.graph.get(facebookPagesSchema, next, {});
  }
}

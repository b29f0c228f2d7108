import type { CodeExchange, PlatformGateway, PublishJob, PublishStep } from '@svc/core';
import { z } from 'zod';
import { classifyGraphFailure } from '../meta/classify-graph-failure.js';
import { connectionRefusal, refusedOrThrow } from '../meta/connection-refusal.js';
import { createFreshMarks } from '../meta/fresh-marks.js';
import { longLivedTokenSchema } from '../meta/graph-api.js';
import { createGraphClient, type GraphClient } from '../meta/graph-client.js';
import { GraphRequestError } from '../meta/graph-failure.js';
import type { MetaGatewayOptions } from '../meta/meta-gateway-options.js';
import { FACEBOOK_PAGE_FIELDS, type FacebookPage, facebookPagesSchema } from './facebook-api.js';
import { facebookProgressSchema } from './facebook-progress.js';
import { facebookContext } from './facebook-step-input.js';
import { takeFacebookPostStep } from './take-facebook-post-step.js';
import { takeFacebookReelStep } from './take-facebook-reel-step.js';
import { toFacebookRequest } from './to-facebook-request.js';

/**
 * Configuration of the Facebook Pages gateway: Graph version default 'v23.0', profile links
 * (from the Page id) default `https://www.facebook.com/<pageId>`.
 */
export type FacebookGatewayConfig = MetaGatewayOptions & {
  /** Base URLs, which may carry a path (the sandbox's do). `graphVideo` is kept for video uploads. */
  readonly hosts: { readonly www: string; readonly graph: string; readonly graphVideo: string };
};

/** The stored credentials of a Facebook Page. */
const pageCredentialsSchema = z.looseObject({
  pageId: z.string().min(1),
  /** Does not expire when derived from a long-lived user token; renewed through `userAccessToken`. */
  pageAccessToken: z.string().min(1),
  userAccessToken: z.string().min(1),
});

const DEFAULT_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'publish_video'];
// Users with more Pages than one answer holds get further pages through `paging.next`.
const MAX_PAGE_LISTINGS = 10;

/** A PlatformGateway for Facebook Pages (platforms.md §5). */
export function createFacebookGateway(config: FacebookGatewayConfig): PlatformGateway {
  const { hosts, clock } = config;
  const version = config.graphVersion ?? 'v23.0';
  const base = `${hosts.graph}/${version}`;
  const graph = createGraphClient(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs });
  const profileUrl = config.profileUrl ?? ((pageId: string) => `https://www.facebook.com/${pageId}`);
  const marks = createFreshMarks();

  async function exchangeCode(input: {
    readonly code: string;
    readonly redirectUri: string;
  }): Promise<CodeExchange> {
    const short = await graph.get(longLivedTokenSchema, `${base}/oauth/access_token`, {
      client_id: config.clientId,
      redirect_uri: input.redirectUri,
      client_secret: config.clientSecret,
      code: input.code,
    });
    // Page tokens derived from a long-lived user token do not expire.
    const long = await graph.get(longLivedTokenSchema, `${base}/oauth/access_token`, {
      grant_type: 'fb_exchange_token',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      fb_exchange_token: short.access_token,
    });
    const pages = await listPages(graph, base, long.access_token, FACEBOOK_PAGE_FIELDS);
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
        profileUrl: profileUrl(page.id),
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

  async function publishStep(job: PublishJob): Promise<PublishStep> {
    const credentials = pageCredentialsSchema.safeParse(job.credentials);
    if (!credentials.success) {
      return { kind: 'needs_reconnect', reason: 'The stored Facebook tokens of the Page are unreadable.' };
    }
    const progress = facebookProgressSchema.safeParse(job.post.publishProgress ?? {});
    if (!progress.success) {
      return {
        kind: 'failed',
        reason:
          'The saved Facebook publish progress is unreadable; check the Page before scheduling the post again.',
      };
    }
    const input = {
      graph,
      base,
      pageId: credentials.data.pageId,
      pageAccessToken: credentials.data.pageAccessToken,
      progress: progress.data,
      now: clock.now(),
      postId: job.post.id,
      marks,
    };
    const request = toFacebookRequest(job.post, job.media);
    try {
      return request.kind === 'reel'
        ? await takeFacebookReelStep(input, request)
        : await takeFacebookPostStep(input, request);
    } catch (error) {
      if (!(error instanceof GraphRequestError)) throw error;
      const verdict = classifyGraphFailure(error.failure, facebookContext(input));
      // Container verdicts are Instagram's and Threads'; on Facebook such codes mean "not yet".
      if (verdict.kind === 'not_ready' || verdict.kind === 'container_expired') {
        return { kind: 'retry', afterMs: 30_000, reason: 'Facebook was not ready for the next step yet.' };
      }
      return verdict;
    }
  }

  return {
    platform: 'facebook',
    // Page tokens do not expire; a refused one is renewed through the user token on demand.
    refreshMarginMs: null,
    authorizeUrl: (request) =>
      `${hosts.www}/${version}/dialog/oauth?${new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: request.redirectUri,
        state: request.state,
        scope: (config.scopes ?? DEFAULT_SCOPES).join(','),
        response_type: 'code',
      })}`,
    // Facebook Login takes no PKCE parameters here, so the verifier is not used; the state value
    // and the app secret protect the exchange instead.
    exchangeCode: (input) => exchangeCode(input).catch((error: unknown) => refusedOrThrow('Facebook', error)),
    publishStep,
    async refreshCredentials(_account, stored) {
      const credentials = pageCredentialsSchema.safeParse(stored);
      if (!credentials.success) return null;
      let pages: FacebookPage[];
      try {
        pages = await listPages(graph, base, credentials.data.userAccessToken, 'id,name,access_token');
      } catch (error) {
        // A refused user token means a new login; faults are tried again later.
        if (error instanceof GraphRequestError && connectionRefusal('Facebook', error.failure) !== null)
          return null;
        throw error;
      }
      const page = pages.find((candidate) => candidate.id === credentials.data.pageId);
      if (page === undefined) return null;
      return { credentials: { ...credentials.data, pageAccessToken: page.access_token }, expiresAt: null };
    },
  };
}

async function listPages(graph: GraphClient, base: string, userToken: string, fields: string) {
  const pages: FacebookPage[] = [];
  let answer = await graph.get(facebookPagesSchema, `${base}/me/accounts`, {
    fields,
    access_token: userToken,
  });
  for (let listing = 1; ; listing += 1) {
    pages.push(...answer.data);
    const next = answer.paging?.next;
    if (next === undefined || answer.data.length === 0 || listing >= MAX_PAGE_LISTINGS) return pages;
    // The next link is used as given; it carries the token and the cursor.
    answer = await graph.get(facebookPagesSchema, next, {});
  }
}

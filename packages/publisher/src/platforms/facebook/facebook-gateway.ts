import { DEFAULT_PLATFORM_FEATURES, type PlatformGateway, scopesFor } from '@svc/core';
import { credentialsCommenter } from '../meta/credentials-commenter.js';
import { createFreshMarks } from '../meta/fresh-marks.js';
import { createGraphClient } from '../meta/graph-client.js';
import { createGraphFirstComments } from '../meta/graph-first-comments.js';
import type { MetaGatewayOptions } from '../meta/meta-gateway-options.js';
import { statusPolling } from '../meta/poll-step.js';
import { definePlatformGateway, type StepCall } from '../shared/define-platform-gateway.js';
import { classifyFacebookFailure } from './classify-facebook-failure.js';
import { type FacebookCredentials, facebookCredentialsSchema } from './facebook-credentials.js';
import { readFacebookFollowers, readFacebookMetrics } from './facebook-metrics.js';
import { createFacebookOAuth } from './facebook-oauth.js';
import { type FacebookProgress, facebookProgressSchema } from './facebook-progress.js';
import type { FacebookStepInput } from './facebook-step-input.js';
import { takeFacebookPostStep } from './take-facebook-post-step.js';
import { takeFacebookReelStep } from './take-facebook-reel-step.js';
import { type FacebookRequest, toFacebookRequest } from './to-facebook-request.js';

/**
 * Configuration of the Facebook Pages gateway: Graph version default 'v23.0', profile links
 * (from the Page id) default `https://www.facebook.com/<pageId>`. Reels go through the Graph host
 * (graph-video.facebook.com is deprecated).
 */
export type FacebookGatewayConfig = MetaGatewayOptions<{ readonly www: string; readonly graph: string }> & {
  /** A Facebook Login for Business configuration id (FACEBOOK_CONFIG_ID), which replaces the scopes. */
  readonly configId?: string | null;
};

/** A PlatformGateway for Facebook Pages (platforms.md §5). */
export function createFacebookGateway(config: FacebookGatewayConfig): PlatformGateway {
  const { hosts, clock } = config;
  const features = config.features ?? DEFAULT_PLATFORM_FEATURES;
  const version = config.graphVersion ?? 'v23.0';
  const base = `${hosts.graph}/${version}`;
  const graph = createGraphClient({
    clock,
    ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
  });
  const marks = createFreshMarks();
  const polling = statusPolling(config.statusPolling);
  const stepInput = (
    call: StepCall<FacebookCredentials, FacebookProgress, FacebookRequest>,
  ): FacebookStepInput => ({
    graph,
    base,
    pageId: call.credentials.pageId,
    pageAccessToken: call.credentials.pageAccessToken,
    progress: call.progress,
    now: call.now,
    polling,
    postId: call.job.post.id,
    marks,
  });

  const gateway = definePlatformGateway({
    platform: 'facebook',
    names: { platform: 'Facebook', account: 'Page' },
    // Page tokens do not expire; a refused one is renewed through the user token on demand.
    refreshMarginMs: null,
    clock,
    credentials: facebookCredentialsSchema,
    progress: facebookProgressSchema,
    toRequest: (job) => toFacebookRequest(job.post, job.media),
    step(call) {
      const { request } = call;
      return request.kind === 'reel'
        ? takeFacebookReelStep(stepInput(call), request)
        : takeFacebookPostStep(stepInput(call), request);
    },
    classifyFailure: (error, call) => classifyFacebookFailure(error, stepInput(call)),
    metrics: {
      batchSize: 1,
      read: (credentials, targets) =>
        readFacebookMetrics({ graph, base, now: clock.now() }, credentials, targets),
      followers: (credentials) => readFacebookFollowers({ graph, base, now: clock.now() }, credentials),
    },
    oauth: createFacebookOAuth({
      graph,
      www: hosts.www,
      base,
      version,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      scopes: config.scopes,
      defaultScopes: scopesFor('facebook', features),
      configId: config.configId ?? null,
      businessPages: features.businessPages,
      profileUrl: config.links?.profile ?? ((pageId: string) => `https://www.facebook.com/${pageId}`),
    }),
  });
  // The first comment, as the Page: `POST /{object-id}/comments` with `message` (platforms.md 5.3).
  const firstComments = createGraphFirstComments({
    graph,
    base,
    clock,
    platformName: 'Facebook',
    textField: 'message',
    commenter: credentialsCommenter(facebookCredentialsSchema, (credentials) => ({
      accessToken: credentials.pageAccessToken,
      ownIds: [credentials.pageId],
      handle: null,
    })),
  });
  return { ...gateway, firstComments };
}

import {
  type Clock,
  type CommentReplies,
  type FirstComments,
  type MetricName,
  PLATFORM_METRICS,
  type PlatformGateway,
  type PublishJob,
} from '@svc/core';
import { definePlatformGateway, type StepCall } from '../shared/define-platform-gateway.js';
import type { RequestOutcome } from '../shared/request-outcome.js';
import type { ContainerDialect } from './container-dialect.js';
import { readContainerFollowers, readContainerMetrics } from './container-metrics.js';
import { type ContainerOAuthSpec, createContainerOAuth } from './container-oauth.js';
import type { ContainerPlan } from './container-plan.js';
import { type ContainerProgress, containerProgressSchema } from './container-progress.js';
import { createGraphClient, type GraphClient } from './graph-client.js';
import type { ContainerGatewayOptions } from './meta-gateway-options.js';
import { statusPolling } from './poll-step.js';
import { type ContainerStepInput, containerFailureStep, takeContainerStep } from './take-container-step.js';
import { type UserTokenCredentials, userTokenCredentialsSchema } from './user-token-credentials.js';

/** What sets Instagram and Threads apart; the OAuth and publish machinery is the same. */
export type ContainerPlatformSpec = {
  readonly dialect: ContainerDialect;
  readonly defaultVersion: string;
  readonly defaultProfileUrl: (handle: string) => string;
  readonly oauth: ContainerOAuthSpec;
  readonly toRequest: (job: PublishJob) => RequestOutcome<ContainerPlan>;
  /** Our metrics the insights edge names otherwise (Instagram's `saves` are `saved`); the rest keep our names. */
  readonly insightNames?: Readonly<Partial<Record<MetricName, string>>>;
  /** Comment replies on the gateway's Graph client and base, for platforms that answer comments. */
  readonly commentReplies?: (ctx: {
    readonly graph: GraphClient;
    readonly base: string;
    readonly clock: Clock;
  }) => CommentReplies;
  /** First comments on the gateway's Graph client and base (a comment on Instagram, a reply on Threads). */
  readonly firstComments?: (ctx: {
    readonly graph: GraphClient;
    readonly base: string;
    readonly clock: Clock;
  }) => FirstComments;
};

/** A PlatformGateway for a Meta platform that publishes through media containers. */
export function createContainerGateway<Hosts>(
  config: ContainerGatewayOptions<Hosts>,
  spec: ContainerPlatformSpec,
): PlatformGateway {
  const { clock, clientId, clientSecret } = config;
  const { dialect } = spec;
  const base = `${spec.oauth.graphHost}/${config.graphVersion ?? spec.defaultVersion}`;
  const graph = createGraphClient({
    clock,
    ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
  });
  const quotaRetryMs = config.quotaRetryMs ?? 3_600_000;
  const polling = statusPolling(config.statusPolling);
  // The insights edge's names of the metrics the platform reports (core's list), as ours.
  const insights = Object.fromEntries(
    PLATFORM_METRICS[dialect.platform].map((ours) => [spec.insightNames?.[ours] ?? ours, ours]),
  );

  const gateway = definePlatformGateway({
    platform: dialect.platform,
    names: { platform: dialect.platformName, account: 'account' },
    // Long-lived tokens last 60 days; refreshing a week ahead leaves room for failed attempts.
    refreshMarginMs: 7 * 86_400_000,
    clock,
    credentials: userTokenCredentialsSchema,
    progress: containerProgressSchema,
    toRequest: spec.toRequest,
    step: (call) => takeContainerStep(containerInput(call)),
    classifyFailure: (error, call) => containerFailureStep(error, containerInput(call)),
    metrics: {
      batchSize: 1,
      read: (credentials, targets) =>
        readContainerMetrics(
          { graph, base, platformName: dialect.platformName, now: clock.now() },
          insights,
          credentials,
          targets,
        ),
      followers: (credentials) =>
        readContainerFollowers(
          { graph, base, platformName: dialect.platformName, now: clock.now() },
          { fields: spec.oauth.profileFields, schema: spec.oauth.profileSchema },
          credentials,
        ),
    },
    oauth: createContainerOAuth(
      {
        graph,
        base,
        clock,
        clientId,
        clientSecret,
        scopes: config.scopes,
        profileUrl: config.links?.profile ?? spec.defaultProfileUrl,
      },
      spec.oauth,
    ),
  });
  return {
    ...gateway,
    ...(spec.commentReplies === undefined
      ? {}
      : { commentReplies: spec.commentReplies({ graph, base, clock }) }),
    ...(spec.firstComments === undefined
      ? {}
      : { firstComments: spec.firstComments({ graph, base, clock }) }),
    ...(dialect.replyListEdge === undefined ? {} : { replyChains: true }),
  };

  function containerInput(
    call: StepCall<UserTokenCredentials, ContainerProgress, ContainerPlan>,
  ): ContainerStepInput {
    // A part of a reply chain is looked for among the account's replies, not its posts.
    const replying = call.job.replyToId !== undefined && dialect.replyListEdge !== undefined;
    return {
      dialect: replying ? { ...dialect, listEdge: dialect.replyListEdge as string } : dialect,
      graph,
      base,
      userId: call.credentials.userId,
      accessToken: call.credentials.accessToken,
      plan: call.request,
      progress: call.progress,
      now: call.now,
      quotaRetryMs,
      polling,
    };
  }
}

import type { FollowersAnswer, MetricName, MetricsAnswer, MetricsTarget, PostMetrics } from '@svc/core';
import { z } from 'zod';
import { metricsAnswerOf } from '../shared/metrics-answer-of.js';
import { classifyGraphFailure } from './classify-graph-failure.js';
import type { GraphClient, GraphParams } from './graph-client.js';
import { GraphRequestError } from './graph-failure.js';

/** `GET /{media-id}/insights`: lifetime values by metric name; a metric without data is left out. */
export const insightsSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        name: z.string(),
        values: z.array(z.looseObject({ value: z.number().optional() })).default([]),
      }),
    )
    .default([]),
});

/** What one Graph metrics read needs. */
export type GraphMetricsContext = {
  readonly graph: GraphClient;
  /** The versioned Graph base. */
  readonly base: string;
  readonly accessToken: string;
  readonly platformName: string;
  readonly now: Date;
};

/** What a Graph refusal means for a read: nothing to read, or the answer's kind; null when not Graph's. */
export function graphReadRefusal(
  error: unknown,
  ctx: Pick<GraphMetricsContext, 'platformName' | 'now'>,
): { readonly kind: 'not_available' } | Exclude<MetricsAnswer, { readonly kind: 'read' }> | null {
  if (!(error instanceof GraphRequestError)) return null;
  const code = error.failure.error?.code;
  const message = error.failure.error?.message ?? '';
  // Instagram's "not enough viewers" is code 10 too: not available, not a failure.
  if (code === 10 && /viewers/i.test(message)) return { kind: 'not_available' };
  if (code === 10 || (code !== undefined && code >= 200 && code < 300)) {
    return {
      kind: 'scope_missing',
      reason: `${ctx.platformName} did not grant the permission to read insights; reconnect the account to read metrics.`,
    };
  }
  const verdict = classifyGraphFailure(error.failure, {
    platformName: ctx.platformName,
    now: ctx.now,
    quotaRetryMs: 60 * 60_000,
  });
  // Container verdicts do not arise when reading; treat them as "not yet".
  if (verdict.kind === 'not_ready' || verdict.kind === 'new_container' || verdict.kind === 'publish_again') {
    return { kind: 'retry', afterMs: 60_000, reason: `${ctx.platformName} was not ready to answer.` };
  }
  return metricsAnswerOf(verdict, ctx.now);
}

/** Reads one post's metrics with `read`, Graph's refusals as the answer's kinds. */
export async function readGraphMetrics(
  ctx: GraphMetricsContext,
  target: MetricsTarget,
  read: () => Promise<PostMetrics>,
): Promise<MetricsAnswer> {
  try {
    return { kind: 'read', readings: [{ postId: target.postId, kind: 'metrics', metrics: await read() }] };
  } catch (error) {
    const refusal = graphReadRefusal(error, ctx);
    if (refusal === null) throw error;
    if (refusal.kind === 'not_available') {
      return { kind: 'read', readings: [{ postId: target.postId, kind: 'not_available' }] };
    }
    return refusal;
  }
}

/** Reads an account's follower count with `read`, Graph's refusals as the answer's kinds. */
export async function readGraphFollowers(
  ctx: Pick<GraphMetricsContext, 'platformName' | 'now'>,
  read: () => Promise<number | null>,
): Promise<FollowersAnswer> {
  try {
    return { kind: 'followers', count: await read() };
  } catch (error) {
    const refusal = graphReadRefusal(error, ctx);
    if (refusal === null) throw error;
    return refusal.kind === 'not_available' ? { kind: 'followers', count: null } : refusal;
  }
}

/** The `insights` edge of a media object, as our metric names (`names` maps Graph's to ours). */
export async function readInsights(
  ctx: GraphMetricsContext,
  mediaId: string,
  names: Readonly<Record<string, MetricName>>,
): Promise<PostMetrics> {
  const params: GraphParams = { metric: Object.keys(names).join(','), access_token: ctx.accessToken };
  const answer = await ctx.graph.get(insightsSchema, `${ctx.base}/${mediaId}/insights`, params);
  const metrics: Partial<Record<MetricName, number>> = {};
  for (const entry of answer.data) {
    const ours = names[entry.name];
    const value = entry.values[0]?.value;
    if (ours !== undefined && value !== undefined) metrics[ours] = value;
  }
  return metrics;
}

import type { PublishStep } from '@svc/core';
import type { z } from 'zod';
import { progressStep } from '../shared/progress-step.js';
import { classifyGraphFailure } from './classify-graph-failure.js';
import type { ContainerDialect, ContainerStatus } from './container-dialect.js';
import type { ContainerPlan } from './container-plan.js';
import type { ContainerProgress } from './container-progress.js';
import {
  createdSchema,
  nextPageCursor,
  permalinkSchema,
  publishingLimitSchema,
  recentMediaSchema,
} from './graph-api.js';
import type { GraphClient, GraphParams } from './graph-client.js';
import { readableContainerError } from './graph-error-hints.js';
import { GraphRequestError } from './graph-failure.js';
import { findRecentPost } from './match-recent-post.js';
import { LOOKUP_WAIT_MS, MAX_LOOKUPS, permalinkStep } from './permalink-step.js';
import { pollStep, type StatusPolling } from './poll-step.js';
import { possessive } from './possessive.js';

/** Everything one step of an Instagram or Threads publish needs. */
export type ContainerStepInput = {
  readonly dialect: ContainerDialect;
  readonly graph: GraphClient;
  /** The versioned Graph base, `${graphHost}/${version}`. */
  readonly base: string;
  readonly userId: string;
  readonly accessToken: string;
  readonly plan: ContainerPlan;
  readonly progress: ContainerProgress;
  readonly now: Date;
  /** How long to defer when the publishing limit is reached. */
  readonly quotaRetryMs: number;
  /** How often container status is read while the platform processes the media. */
  readonly polling: StatusPolling;
};

const MAX_RESTARTS = 2;
/** Instagram 2207008: "try again 1–2 times", then make a new container. */
const MAX_PUBLISH_AGAIN = 2;
/** The wait before new containers replace ones that failed for a transient reason. */
const RENEW_AFTER_MS = 60_000;
// Container ERROR subcodes whose documented fix is to try again (2207001 server error, 2207003
// download timeout, 2207032 create failed) or to make a new container (2207053 upload error).
// An ERROR container cannot be published, so each is answered with new containers.
const TRANSIENT_CONTAINER_SUBCODES = new Set([2207001, 2207003, 2207032, 2207053]);
const DAY_MS = 86_400_000;

/**
 * The step a Graph refusal thrown by `takeContainerStep` leads to: a container not ready yet is
 * polled again, expired containers are made afresh, the rest is classified. Null for errors that
 * are not Graph refusals.
 */
export function containerFailureStep(error: unknown, input: ContainerStepInput): PublishStep | null {
  if (!(error instanceof GraphRequestError)) return null;
  const verdict = classifyGraphFailure(error.failure, classifyContext(input));
  if (verdict.kind === 'not_ready') return poll(input);
  if (verdict.kind === 'new_container') return restart(input, verdict.reason);
  if (verdict.kind === 'publish_again') {
    // The step is taken again as it was (a publish reads the status first, so it never lands twice).
    const { progress } = input;
    const sent = progress.publishAgain ?? 0;
    if (sent >= MAX_PUBLISH_AGAIN) return restart(input, verdict.reason, RENEW_AFTER_MS);
    return progressStep({ ...progress, publishAgain: sent + 1 }, verdict.afterMs);
  }
  return verdict;
}

/**
 * Takes the next step of a container publish: quota check and containers (children one per step,
 * then the parent), status reads until FINISHED, the recorded start of the publish, the publish
 * itself after a status read that rules out an earlier success, and the permalink.
 */
export function takeContainerStep(input: ContainerStepInput): Promise<PublishStep> {
  const { progress, plan } = input;
  if (progress.mediaId !== undefined) return readPermalink(input, progress.mediaId);
  if (progress.containerId !== undefined) return checkContainer(input, progress.containerId);
  if (progress.children.length < plan.children.length) return createChild(input);
  if (plan.children.length > 0) return awaitChildren(input);
  return createSingle(input);
}

async function createSingle(input: ContainerStepInput): Promise<PublishStep> {
  const full = await quotaReached(input);
  if (full !== null) return full;
  const { id } = await post(input, createdSchema, input.dialect.createEdge, input.plan.container);
  return progressStep({ ...input.progress, containerId: id });
}

async function createChild(input: ContainerStepInput): Promise<PublishStep> {
  const { progress, plan } = input;
  if (progress.children.length === 0) {
    const full = await quotaReached(input);
    if (full !== null) return full;
  }
  const params = plan.children[progress.children.length] ?? {};
  const { id } = await post(input, createdSchema, input.dialect.createEdge, params);
  return progressStep({ ...progress, children: [...progress.children, id] });
}

// Children are read in order and the first unfinished one ends the step: earlier ones stay finished.
async function awaitChildren(input: ContainerStepInput): Promise<PublishStep> {
  const { progress, plan, dialect } = input;
  for (const [index, childId] of progress.children.entries()) {
    const status = await readStatus(input, childId);
    if (status.state === 'FINISHED') continue;
    if (status.state === 'ERROR') {
      const reason = `Slide ${index + 1}: ${readableContainerError(dialect.platformName, status.detail)}`;
      return transientError(status.detail)
        ? restart(input, reason, RENEW_AFTER_MS)
        : { kind: 'failed', reason };
    }
    return status.state === 'EXPIRED' ? restart(input, expired(input)) : poll(input);
  }
  const parent = { ...plan.container, children: progress.children.join(',') };
  const { id } = await post(input, createdSchema, dialect.createEdge, parent);
  return progressStep({ ...progress, containerId: id, firstPolledAt: undefined });
}

async function checkContainer(input: ContainerStepInput, containerId: string): Promise<PublishStep> {
  const { progress, dialect, now } = input;
  const status = await readStatus(input, containerId);
  switch (status.state) {
    case 'PUBLISHED': {
      // Only a publish call of ours, whose answer was lost, can have published the container.
      const since = progress.publishStartedAt ?? progress.firstPolledAt;
      return recover(input, since === undefined ? new Date(now.getTime() - DAY_MS) : new Date(since));
    }
    case 'FINISHED':
      if (progress.publishStartedAt === undefined) {
        // Saved before the publish call, so a lost answer is looked for instead of publishing twice.
        return progressStep({ ...progress, firstPolledAt: undefined, publishStartedAt: now.toISOString() });
      }
      return publish(input, containerId);
    case 'ERROR': {
      const reason = readableContainerError(dialect.platformName, status.detail);
      return transientError(status.detail)
        ? restart(input, reason, RENEW_AFTER_MS)
        : { kind: 'failed', reason };
    }
    case 'EXPIRED':
      return restart(input, expired(input));
    case 'IN_PROGRESS':
      return poll(input);
  }
}

async function publish(input: ContainerStepInput, containerId: string): Promise<PublishStep> {
  const { id } = await post(input, createdSchema, input.dialect.publishEdge, { creation_id: containerId });
  return progressStep({ ...input.progress, mediaId: id });
}

async function recover(input: ContainerStepInput, since: Date): Promise<PublishStep> {
  const { progress, dialect, plan } = input;
  const field = dialect.textField;
  const readPage = async (after: string | null) => {
    const listing = await get(input, recentMediaSchema, `${input.userId}/${dialect.listEdge}`, {
      fields: `id,${field},permalink,timestamp`,
      limit: '100',
      ...(after === null ? {} : { after }),
    });
    const posts = listing.data.map((item) => ({
      id: item.id,
      text: item[field] ?? '',
      createdAt: item.timestamp,
      permalink: item.permalink ?? null,
    }));
    return { posts, after: nextPageCursor(listing) };
  };
  const match = await findRecentPost(readPage, plan.text, since);
  if (match !== null && match.permalink !== null) {
    return { kind: 'published', platformPostId: match.id, permalink: match.permalink };
  }
  if (match !== null) return progressStep({ ...progress, mediaId: match.id });
  // Listings can lag behind the publish by a moment.
  if (progress.lookups < MAX_LOOKUPS)
    return progressStep({ ...progress, lookups: progress.lookups + 1 }, LOOKUP_WAIT_MS);
  return {
    kind: 'failed',
    reason: `${dialect.platformName} reports the post as published, but it is not among the account's latest posts; check the account before scheduling it again.`,
  };
}

function readPermalink(input: ContainerStepInput, mediaId: string): Promise<PublishStep> {
  const { progress } = input;
  return permalinkStep({
    platformPostId: mediaId,
    read: async () =>
      (await get(input, permalinkSchema, mediaId, { fields: 'id,permalink' })).permalink ?? null,
    lookups: progress.lookups,
    lookAgain: () => progressStep({ ...progress, lookups: progress.lookups + 1 }, LOOKUP_WAIT_MS),
    context: classifyContext(input),
  });
}

// The limit edge is advisory (and not documented for every host); the publish call enforces the
// limit anyway, so only faults that would stop the publish as well are reported.
async function quotaReached(input: ContainerStepInput): Promise<PublishStep | null> {
  const { dialect, now, quotaRetryMs } = input;
  try {
    const limit = await get(input, publishingLimitSchema, `${input.userId}/${dialect.quotaEdge}`, {
      fields: 'quota_usage,config',
    });
    const usage = limit.data[0];
    const total = usage?.config?.quota_total;
    if (usage === undefined || total === undefined || usage.quota_usage < total) return null;
    const until = new Date(now.getTime() + quotaRetryMs);
    const hours = Math.round((usage.config?.quota_duration ?? 86_400) / 3_600);
    return {
      kind: 'defer',
      until,
      reason: `${possessive(dialect.platformName)} publishing limit of ${total} posts in ${hours} hours is reached; the post waits until ${until.toISOString()}.`,
    };
  } catch (error) {
    if (!(error instanceof GraphRequestError)) throw error;
    const verdict = classifyGraphFailure(error.failure, classifyContext(input));
    switch (verdict.kind) {
      case 'failed':
      case 'not_ready':
      case 'new_container':
      case 'publish_again':
        return null;
      default:
        return verdict;
    }
  }
}

function poll(input: ContainerStepInput): PublishStep {
  return pollStep(input.dialect.platformName, input.now, input.progress, input.polling);
}

function expired(input: ContainerStepInput): string {
  return `${input.dialect.platformName} let the media containers expire`;
}

// Whether a container's ERROR status names a subcode Meta documents as temporary.
function transientError(detail: string | null): boolean {
  const subcode = /\b(2\d{6})\b/.exec(detail ?? '')?.[1];
  return subcode !== undefined && TRANSIENT_CONTAINER_SUBCODES.has(Number(subcode));
}

// Containers that expired or failed for a transient reason cannot be published: drop every
// handle and make them afresh, at most MAX_RESTARTS times; `why` is the reason of the last one.
function restart(input: ContainerStepInput, why: string, waitMs?: number): PublishStep {
  const { progress } = input;
  if (progress.restarts >= MAX_RESTARTS) {
    const tries = progress.restarts + 1;
    return {
      kind: 'failed',
      reason: `${why.replace(/\.$/, '')} (${tries} times, with new containers each time); try again later.`,
    };
  }
  return progressStep({ children: [], restarts: progress.restarts + 1 }, waitMs);
}

function readStatus(input: ContainerStepInput, containerId: string): Promise<ContainerStatus> {
  return get(input, input.dialect.statusSchema, containerId, { fields: input.dialect.statusFields });
}

function get<T>(input: ContainerStepInput, schema: z.ZodType<T>, path: string, params: GraphParams) {
  return input.graph.get(schema, `${input.base}/${path}`, { ...params, access_token: input.accessToken });
}

function post<T>(input: ContainerStepInput, schema: z.ZodType<T>, edge: string, params: GraphParams) {
  return input.graph.post(schema, `${input.base}/${input.userId}/${edge}`, {
    ...params,
    access_token: input.accessToken,
  });
}

function classifyContext(input: ContainerStepInput) {
  return { platformName: input.dialect.platformName, now: input.now, quotaRetryMs: input.quotaRetryMs };
}

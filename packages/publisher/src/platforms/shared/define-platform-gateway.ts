import type {
  AuthorizationRequest,
  CodeCallback,
  CodeExchange,
  ConnectedAccount,
  FollowersAnswer,
  MetricsAnswer,
  MetricsTarget,
  Platform,
  PlatformGateway,
  PostingOptionsAnswer,
  PublicIdAnswer,
  PublicIdTarget,
  PublishJob,
  PublishStep,
  RefreshedCredentials,
} from '@svc/core';
import type { z } from 'zod';
import type { RequestOutcome } from './request-outcome.js';

/** How a platform connects accounts and keeps their tokens fresh (`<platform>-oauth.ts`). */
export type PlatformOAuth<Credentials> = {
  /** The consent page for this request. */
  authorizeUrl(request: AuthorizationRequest): string;
  /** Refusals a person can act on come back as `refused`; faults reject, to be tried again. */
  exchangeCode(input: CodeCallback): Promise<CodeExchange>;
  /** Fresh tokens; null when the platform refused them (only a new login helps). Faults reject. */
  refresh(credentials: Credentials, account: ConnectedAccount): Promise<RefreshedCredentials | null>;
};

/** Everything one publish step has, read and checked by the template. */
export type StepCall<Credentials, Progress, Request> = {
  readonly job: PublishJob;
  readonly credentials: Credentials;
  readonly progress: Progress;
  readonly request: Request;
  readonly now: Date;
};

/**
 * What makes a platform: its stored shapes, how a post becomes its request, how one step is taken
 * and how its refusals read. Reading the account's tokens and the saved progress, refusing what
 * the mapper refuses, and turning a thrown platform refusal into a verdict are the template's.
 */
export type PlatformGatewayDefinition<Credentials, Progress, Request> = {
  readonly platform: Platform;
  /** How messages name the platform and the connected thing: `TikTok` and `account`, `YouTube` and `channel`. */
  readonly names: { readonly platform: string; readonly account: string };
  /** Refresh tokens this long before they expire; null when they cannot be refreshed ahead. */
  readonly refreshMarginMs: number | null;
  /** The account's stored tokens (`<platform>-credentials.ts`). */
  readonly credentials: z.ZodType<Credentials>;
  /** The handles earlier steps saved (`<platform>-progress.ts`); `{}` before the first step. */
  readonly progress: z.ZodType<Progress>;
  /** The post in the platform's terms (`to-<platform>-request.ts`). */
  toRequest(job: PublishJob): RequestOutcome<Request>;
  /** Takes the next step; platform refusals are thrown and go through `classifyFailure`. */
  step(call: StepCall<Credentials, Progress, Request>): Promise<PublishStep>;
  /**
   * The verdict on an error `step` threw: a refusal of the platform's client becomes the step
   * to report; null for anything else, which is not the platform's and is rethrown.
   */
  classifyFailure(error: unknown, call: StepCall<Credentials, Progress, Request>): PublishStep | null;
  readonly oauth: PlatformOAuth<Credentials>;
  /** The creator's live posting options, for platforms that have them; never rejects. */
  postingOptions?(credentials: Credentials): Promise<PostingOptionsAnswer>;
  /** Reading published posts' metrics (`<platform>-metrics.ts`). */
  readonly metrics?: {
    /** Posts per call: as many as the platform's batch endpoint takes, else 1. */
    readonly batchSize: number;
    /** Platform refusals come back as their kind; anything thrown is a fault (`retry`). */
    read(credentials: Credentials, targets: readonly MetricsTarget[]): Promise<MetricsAnswer>;
    /** The account's follower count (null where the platform gives none). */
    followers(credentials: Credentials): Promise<FollowersAnswer>;
    /** Whether a held-back public id has come (platforms that publish `publicIdPending`). */
    publicId?(credentials: Credentials, target: PublicIdTarget): Promise<PublicIdAnswer>;
  };
  readonly clock: { now(): Date };
};

/** The PlatformGateway a definition describes. */
export function definePlatformGateway<Credentials, Progress, Request>(
  definition: PlatformGatewayDefinition<Credentials, Progress, Request>,
): PlatformGateway {
  const { names, oauth } = definition;
  const unreadableTokens = `The stored ${names.platform} tokens of the ${names.account} are unreadable.`;

  async function publishStep(job: PublishJob): Promise<PublishStep> {
    const credentials = definition.credentials.safeParse(job.credentials);
    if (!credentials.success) return { kind: 'needs_reconnect', reason: unreadableTokens };
    const progress = definition.progress.safeParse(job.post.publishProgress ?? {});
    if (!progress.success) {
      return {
        kind: 'failed',
        reason: `The saved ${names.platform} publish progress is unreadable; check the ${names.account} before scheduling the post again.`,
      };
    }
    const outcome = definition.toRequest(job);
    if (!outcome.ok) return { kind: 'failed', reason: outcome.reason };
    const call = {
      job,
      credentials: credentials.data,
      progress: progress.data,
      request: outcome.request,
      now: definition.clock.now(),
    };
    try {
      return await definition.step(call);
    } catch (error) {
      const verdict = definition.classifyFailure(error, call);
      if (verdict === null) throw error;
      return verdict;
    }
  }

  const postingOptions = definition.postingOptions;
  const metrics = definition.metrics;

  // Reads with the account's tokens: unreadable tokens mean a reconnect; anything thrown is a
  // fault (network, timeout, an answer we could not read), and the read is tried again later.
  async function withCredentials<T>(
    stored: Readonly<Record<string, unknown>>,
    read: (credentials: Credentials) => Promise<T>,
  ): Promise<
    T | { kind: 'needs_reconnect'; reason: string } | { kind: 'retry'; afterMs: number; reason: string }
  > {
    const credentials = definition.credentials.safeParse(stored);
    if (!credentials.success) return { kind: 'needs_reconnect', reason: unreadableTokens };
    try {
      return await read(credentials.data);
    } catch (error) {
      const detail = error instanceof Error ? error.name : 'unknown error';
      return { kind: 'retry', afterMs: 0, reason: `${names.platform} did not answer (${detail}).` };
    }
  }
  return {
    platform: definition.platform,
    refreshMarginMs: definition.refreshMarginMs,
    authorizeUrl: (request) => oauth.authorizeUrl(request),
    exchangeCode: (input) => oauth.exchangeCode(input),
    publishStep,
    async refreshCredentials(account, stored) {
      const credentials = definition.credentials.safeParse(stored);
      return credentials.success ? oauth.refresh(credentials.data, account) : null;
    },
    ...(postingOptions === undefined
      ? {}
      : {
          async postingOptions(stored: Readonly<Record<string, unknown>>): Promise<PostingOptionsAnswer> {
            const credentials = definition.credentials.safeParse(stored);
            if (!credentials.success) return { kind: 'needs_reconnect', reason: unreadableTokens };
            return postingOptions(credentials.data);
          },
        }),
    ...(metrics === undefined
      ? {}
      : ({
          metricsBatchSize: metrics.batchSize,
          readMetrics: (stored: Readonly<Record<string, unknown>>, targets: readonly MetricsTarget[]) =>
            withCredentials(stored, (credentials) => metrics.read(credentials, targets)),
          readFollowers: (stored: Readonly<Record<string, unknown>>) =>
            withCredentials(stored, (credentials) => metrics.followers(credentials)),
        } satisfies Pick<PlatformGateway, 'metricsBatchSize' | 'readMetrics' | 'readFollowers'>)),
    ...(metrics?.publicId === undefined
      ? {}
      : ({
          readPublicId: (stored: Readonly<Record<string, unknown>>, target: PublicIdTarget) =>
            withCredentials(stored, (credentials) =>
              (metrics.publicId as NonNullable<typeof metrics.publicId>)(credentials, target),
            ),
        } satisfies Pick<PlatformGateway, 'readPublicId'>)),
  };
}

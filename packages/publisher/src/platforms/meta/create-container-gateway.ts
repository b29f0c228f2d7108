import type { CodeExchange, ConnectedProfile, PlatformGateway, PublishJob } from '@svc/core';
import type { z } from 'zod';
import { connectionRefusal, refusedOrThrow } from './connection-refusal.js';
import type { ContainerDialect } from './container-dialect.js';
import type { PlanOutcome } from './container-plan.js';
import { containerProgressSchema } from './container-progress.js';
import { longLivedTokenSchema, shortLivedTokenSchema } from './graph-api.js';
import { createGraphClient } from './graph-client.js';
import { GraphRequestError } from './graph-failure.js';
import type { ContainerGatewayOptions } from './meta-gateway-options.js';
import { takeContainerStep } from './take-container-step.js';
import { userTokenCredentialsSchema } from './user-token-credentials.js';

/** An account's profile as the platform's `/me` describes it. */
export type AccountProfile = {
  readonly id: string;
  readonly handle: string;
  readonly pictureUrl: string | null;
  readonly followerCount: number | null;
};

/** What sets Instagram and Threads apart; the OAuth and publish machinery is the same. */
export type ContainerPlatformSpec = {
  readonly dialect: ContainerDialect;
  /** The unversioned Graph host, where the token endpoints are. */
  readonly graphHost: string;
  readonly defaultVersion: string;
  readonly defaultScopes: readonly string[];
  readonly defaultProfileUrl: (handle: string) => string;
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
  /** The permission publishing needs; a grant without it is refused at once. */
  readonly publishPermission: string;
  /** `fields=` of the `/me` read, and how its answer reads. */
  readonly profileFields: string;
  readonly profileSchema: z.ZodType<AccountProfile>;
  readonly plan: (job: PublishJob) => PlanOutcome;
};

const DAY_MS = 86_400_000;
// Long-lived tokens last 60 days; refreshing a week ahead leaves room for failed attempts.
const REFRESH_MARGIN_MS = 7 * DAY_MS;
const LONG_LIVED_SECONDS = 60 * 86_400;

/** A PlatformGateway for a Meta platform that publishes through media containers. */
export function createContainerGateway(
  config: ContainerGatewayOptions,
  spec: ContainerPlatformSpec,
): PlatformGateway {
  const { clock, clientId, clientSecret } = config;
  const { dialect } = spec;
  const name = dialect.platformName;
  const base = `${spec.graphHost}/${config.graphVersion ?? spec.defaultVersion}`;
  const graph = createGraphClient(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs });
  const profileUrl = config.profileUrl ?? spec.defaultProfileUrl;
  const quotaRetryMs = config.quotaRetryMs ?? 3_600_000;

  async function readProfile(
    accessToken: string,
  ): Promise<Omit<ConnectedProfile, 'credentials' | 'tokenExpiresAt'>> {
    const me = await graph.get(spec.profileSchema, `${base}/me`, {
      fields: spec.profileFields,
      access_token: accessToken,
    });
    return {
      platformAccountId: me.id,
      handle: me.handle,
      profileUrl: profileUrl(me.handle),
      profileImageUrl: me.pictureUrl,
      followerCount: me.followerCount,
    };
  }

  async function exchangeCode(input: { readonly code: string; readonly redirectUri: string }) {
    const short = await graph.post(shortLivedTokenSchema, spec.codeExchangeUrl, {
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code: input.code,
    });
    if (short.permissions !== null && !short.permissions.includes(spec.publishPermission)) {
      return refused(
        `${name} did not grant the permission to publish (${spec.publishPermission}): connect again and allow every permission asked for.`,
      );
    }
    const long = await graph.get(longLivedTokenSchema, `${spec.graphHost}/access_token`, {
      grant_type: spec.exchangeGrant,
      client_secret: clientSecret,
      access_token: short.accessToken,
    });
    const profile = await readProfile(long.access_token);
    const now = clock.now();
    const connected: CodeExchange = {
      kind: 'connected',
      profiles: [
        {
          ...profile,
          credentials: {
            accessToken: long.access_token,
            userId: profile.platformAccountId,
            issuedAt: now.toISOString(),
          },
          tokenExpiresAt: new Date(now.getTime() + (long.expires_in ?? LONG_LIVED_SECONDS) * 1000),
        },
      ],
    };
    return connected;
  }

  return {
    platform: dialect.platform,
    refreshMarginMs: REFRESH_MARGIN_MS,
    authorizeUrl: (request) =>
      `${spec.authorizePage}?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: (config.scopes ?? spec.defaultScopes).join(','),
        state: request.state,
        ...spec.authorizeExtras,
      })}`,
    // Meta's Instagram and Threads logins take no PKCE parameters, so the verifier is not used;
    // the state value and the app secret protect the exchange instead.
    exchangeCode: (input) => exchangeCode(input).catch((error: unknown) => refusedOrThrow(name, error)),

    async publishStep(job) {
      const credentials = userTokenCredentialsSchema.safeParse(job.credentials);
      if (!credentials.success) {
        return {
          kind: 'needs_reconnect',
          reason: `The stored ${name} tokens of the account are unreadable.`,
        };
      }
      const planned = spec.plan(job);
      if (!planned.ok) return { kind: 'failed', reason: planned.reason };
      const progress = containerProgressSchema.safeParse(job.post.publishProgress ?? {});
      if (!progress.success) {
        return {
          kind: 'failed',
          reason: `The saved ${name} publish progress is unreadable; check the account before scheduling the post again.`,
        };
      }
      return takeContainerStep({
        dialect,
        graph,
        base,
        userId: credentials.data.userId,
        accessToken: credentials.data.accessToken,
        plan: planned.plan,
        progress: progress.data,
        now: clock.now(),
        quotaRetryMs,
      });
    },

    async refreshCredentials(_account, stored) {
      const credentials = userTokenCredentialsSchema.safeParse(stored);
      if (!credentials.success) return null;
      try {
        const fresh = await graph.get(longLivedTokenSchema, `${spec.graphHost}/refresh_access_token`, {
          grant_type: spec.refreshGrant,
          access_token: credentials.data.accessToken,
        });
        const now = clock.now();
        return {
          credentials: { ...credentials.data, accessToken: fresh.access_token, issuedAt: now.toISOString() },
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

function refused(reason: string): CodeExchange {
  return { kind: 'refused', reason };
}

// The server's configuration, the Config type beside the environment schema that fills it. Each
// variable reads once, next to its check and its field; self-contained groups (media storage,
// platform settings, e-mail, HTTP limits) keep their variables and checks in their own files.
// Over 300 lines: the rest is one flat list of variables, each answered by one field, and
// splitting it further would scatter the schema a reader checks against docs/configuration.md.

import { resolve } from 'node:path';
import {
  DEFAULT_NEW_USER_PLAN,
  DEFAULT_PLAN_KINDS,
  DEFAULT_PLAN_LIMITS,
  DEFAULT_RATE_LIMITS,
  MAX_TRIAL_DAYS,
  type NewUserPlanSetting,
  PLATFORMS,
  type PlanLimitsTable,
  type Platform,
  type RateLimitSettings,
  TIKTOK_PKCE_ENCODINGS,
  type TikTokPkceEncoding,
} from '@svc/core';
import { DEFAULT_TIKTOK_PHOTO_RESEND_AFTER_MS } from '@svc/publisher';
import { z } from 'zod';
import type { HttpLimits } from './http-limits.js';
import { HTTP_LIMITS_ENV, httpLimitsConfig } from './http-limits-config.js';
import { MAIL_ENV, type MailConfig, mailConfig } from './mail-config.js';
import { MEDIA_STORE_ENV, type MediaStoreConfig, mediaStoreConfig } from './media-store-config.js';
import { onOff } from './on-off.js';
import {
  PLATFORM_SETTINGS_ENV,
  type PlatformSettings,
  platformSettings,
} from './platform-settings-config.js';
import { SIGN_ON_ENV, type SingleSignOnConfig, singleSignOnConfig } from './single-sign-on-config.js';
import { wholeNumber } from './whole-number.js';

/** The server's configuration, read once from the environment (docs/configuration.md). */
export type Config = {
  readonly port: number;
  /** Interface to listen on; null listens on all of them. */
  readonly host: string | null;
  /** Public base URL used in links, without a trailing slash. */
  readonly baseUrl: string;
  /** Media files, the generated master secret and (without `databaseUrl`) the SQLite database. */
  readonly dataDir: string;
  /** Where media bytes are kept: files under `dataDir`, or an S3 bucket (SVC_MEDIA_STORE). */
  readonly mediaStore: MediaStoreConfig;
  /** A `postgres://…` URL from DATABASE_URL: every store on PostgreSQL; null means SQLite in `dataDir`. */
  readonly databaseUrl: string | null;
  /**
   * E-mail (docs/notifications.md): the SMTP server of SVC_SMTP_URL and the From address
   * (SVC_MAIL_FROM, else `svc@` the host of the base URL); null without SVC_SMTP_URL: no e-mail.
   */
  readonly mail: MailConfig | null;
  /** Single sign-on through an OpenID Connect provider (SVC_OIDC_*); null without SVC_OIDC_ISSUER. */
  readonly singleSignOn: SingleSignOnConfig | null;
  /**
   * Whether opening the database applies pending migrations (SVC_MIGRATE_ON_START); off, a
   * process refuses to start on a database `svc migrate` has not brought up to date.
   */
  readonly migrateOnStart: boolean;
  /** Most PostgreSQL connections one process's pool opens (SVC_DATABASE_POOL_MAX). */
  readonly databasePoolMax: number;
  /** Run PostgreSQL statements as named prepared statements (SVC_DATABASE_PREPARED_STATEMENTS). */
  readonly databasePreparedStatements: boolean;
  /** The master secret from SVC_SECRET; null means the one generated into the data directory. */
  readonly secret: string | null;
  readonly sandbox: boolean;
  /**
   * Who reaches the sandbox under /sandbox/ besides this machine (docs/security.md): `exposed`
   * (SVC_SANDBOX_EXPOSE) lets signed-in people and platform-API callers in from other addresses;
   * `token` (SVC_SANDBOX_TOKEN) is the operator's Bearer token for the control API from there.
   */
  readonly sandboxAccess: { readonly exposed: boolean; readonly token: string | null };
  readonly publisher: {
    readonly enabled: boolean;
    readonly intervalMs: number;
    readonly leaseMs: number;
    /** Publishes at once: in the process, per platform, per connected account. */
    readonly concurrency: {
      readonly global: number;
      readonly perPlatform: number;
      readonly perAccount: number;
    };
    readonly maxAttempts: number;
  };
  /**
   * The metric collector (docs/analytics.md): how often it looks for due reads and held-back
   * public ids (SVC_COLLECTOR_INTERVAL_MS), and how long a read is leased (SVC_COLLECTOR_LEASE_MS).
   */
  readonly collector: { readonly intervalMs: number; readonly leaseMs: number };
  readonly unsafeAllowPrivateFetch: boolean;
  /** Features, Graph version, Facebook Login configuration (docs/configuration.md, "Platform apps"). */
  readonly platforms: PlatformSettings;
  /** Real platform app credentials; a platform without them uses the sandbox. */
  readonly platformCredentials: Readonly<
    Partial<Record<Platform, { clientId: string; clientSecret: string }>>
  >;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly planLimits: PlanLimitsTable;
  /** The plan of a user created without one (SVC_DEFAULT_PLAN, SVC_TRIAL_DAYS; docs/plans.md). */
  readonly newUserPlan: NewUserPlanSetting;
  /**
   * Requests per minute per API key by plan and per client address, client registrations per
   * hour per address; 0 is off (docs/rate-limits.md).
   */
  readonly rateLimits: RateLimitSettings;
  /** Trust `X-Forwarded-*` headers from a reverse proxy. */
  readonly trustProxy: boolean;
  /** SVC_REQUIRE_SECOND_FACTOR: everyone signing in must pass a second factor (docs/security.md). */
  readonly requireSecondFactor: boolean;
  /** Timeouts of each part of a request and the connection cap (docs/operations.md). */
  readonly http: HttpLimits;
  /** Prometheus metrics (docs/operations.md, "Metrics"). */
  readonly metrics: {
    /** SVC_METRICS_TOKEN: the Bearer token `GET /metrics` needs; null leaves it open. */
    readonly token: string | null;
    /** SVC_METRICS_PORT: where `svc publisher` serves /metrics; null: it serves none. */
    readonly port: number | null;
  };
  /** The TikTok app's settings beyond its credentials (docs/connections.md, "Real apps: TikTok"). */
  readonly tiktok: {
    /**
     * TIKTOK_VERIFIED_MEDIA_PREFIX: the domain or URL prefix verified in the TikTok developer
     * portal that photos are pulled from; null when none is set (real TikTok refuses photo posts).
     */
    readonly verifiedMediaPrefix: string | null;
    /** TIKTOK_PKCE_ENCODING: how the PKCE challenge writes the verifier's SHA-256. */
    readonly pkceEncoding: TikTokPkceEncoding;
    /**
     * TIKTOK_PHOTO_RESEND_AFTER_MS: how long a photo post whose start answer was lost is looked
     * for in the creator's list before it is sent again.
     */
    readonly photoResendAfterMs: number;
  };
  /** Meta's Instagram webhooks (docs/automations.md); each null falls back as documented there. */
  readonly instagramWebhook: {
    /** INSTAGRAM_WEBHOOK_VERIFY_TOKEN: the dashboard's "Verify token". */
    readonly verifyToken: string | null;
    /** INSTAGRAM_WEBHOOK_SECRET: what deliveries are signed with; default INSTAGRAM_CLIENT_SECRET. */
    readonly secret: string | null;
  };
};

// A limit as a whole number, or `off` (or 0) to turn it off.
const countOrOff = (message: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(\d+|off)$/, message)
    .transform((v) => (v === 'off' ? 0 : Number(v)))
    .refine((n) => n <= 1_000_000_000, message);
// A rate limit in requests per minute; client registrations, per hour.
const perMinute = () => countOrOff('must be a whole number of requests per minute, or off');
const perHour = () => countOrOff('must be a whole number per hour, or off');

const env = z.object({
  ...MEDIA_STORE_ENV,
  ...PLATFORM_SETTINGS_ENV,
  ...MAIL_ENV,
  ...SIGN_ON_ENV,
  ...HTTP_LIMITS_ENV,
  PORT: wholeNumber('must be a port number from 0 to 65535', 0, 65535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  SVC_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
  SVC_DATA_DIR: z.string().trim().min(1).default('./.svc-data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\/./.test(v) && URL.canParse(v), 'must be a postgres:// URL')
    .optional(),
  SVC_MIGRATE_ON_START: onOff().default(true),
  SVC_DATABASE_POOL_MAX: wholeNumber('must be a whole number from 1 to 1000', 1, 1000).default(10),
  SVC_DATABASE_PREPARED_STATEMENTS: onOff().default(true),
  SVC_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SVC_SANDBOX: onOff().optional(),
  SVC_SANDBOX_EXPOSE: onOff().default(false),
  SVC_SANDBOX_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  SVC_PUBLISHER: onOff().default(true),
  SVC_PUBLISHER_INTERVAL_MS: wholeNumber('must be a number of milliseconds, at least 1000', 1000).default(
    60_000,
  ),
  SVC_PUBLISHER_LEASE_MS: wholeNumber('must be a number of milliseconds, at least 1000', 1000).default(
    120_000,
  ),
  SVC_PUBLISHER_CONCURRENCY: wholeNumber('must be a whole number from 1 to 1000', 1, 1000).default(16),
  SVC_PUBLISHER_PLATFORM_CONCURRENCY: wholeNumber(
    'must be a whole number from 1 to 1000',
    1,
    1000,
  ).optional(),
  SVC_PUBLISHER_ACCOUNT_CONCURRENCY: wholeNumber('must be a whole number from 1 to 100', 1, 100).default(1),
  SVC_PUBLISHER_MAX_ATTEMPTS: wholeNumber('must be a whole number from 1 to 100', 1, 100).default(5),
  SVC_COLLECTOR_INTERVAL_MS: wholeNumber('must be a number of milliseconds, at least 1000', 1000).default(
    60_000,
  ),
  SVC_COLLECTOR_LEASE_MS: wholeNumber('must be a number of milliseconds, at least 1000', 1000).default(
    300_000,
  ),
  SVC_UNSAFE_ALLOW_PRIVATE_FETCH: onOff().default(false),
  TIKTOK_VERIFIED_MEDIA_PREFIX: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .refine(
      (v) => v.endsWith('/'),
      'must end with / (a domain such as https://media.example.com/ or a path prefix)',
    )
    .optional(),
  TIKTOK_PKCE_ENCODING: z
    .enum(TIKTOK_PKCE_ENCODINGS, { error: `must be ${TIKTOK_PKCE_ENCODINGS.join(' or ')}` })
    .default('hex'),
  TIKTOK_PHOTO_RESEND_AFTER_MS: wholeNumber(
    'must be a number of milliseconds, at least 10000',
    10_000,
  ).default(DEFAULT_TIKTOK_PHOTO_RESEND_AFTER_MS),
  INSTAGRAM_WEBHOOK_VERIFY_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  INSTAGRAM_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  SVC_TRUST_PROXY: onOff().default(false),
  SVC_REQUIRE_SECOND_FACTOR: onOff().default(false),
  SVC_METRICS_TOKEN: z.string().trim().min(1).optional(),
  SVC_METRICS_PORT: wholeNumber('must be a port number from 0 to 65535', 0, 65535).optional(),
  SVC_DEFAULT_PLAN: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(DEFAULT_PLAN_KINDS, { error: `must be ${DEFAULT_PLAN_KINDS.join(' or ')}` }))
    .default(DEFAULT_NEW_USER_PLAN.plan),
  SVC_TRIAL_DAYS: wholeNumber(
    `must be a whole number of days from 1 to ${MAX_TRIAL_DAYS}`,
    1,
    MAX_TRIAL_DAYS,
  ).default(DEFAULT_NEW_USER_PLAN.trialDays),
  SVC_TRIAL_POSTS_PER_MONTH: wholeNumber('must be a whole number', 0).optional(),
  SVC_PAID_POSTS_PER_MONTH: wholeNumber('must be a whole number', 0).optional(),
  SVC_TRIAL_STORAGE_MB: wholeNumber('must be a whole number of megabytes', 0).optional(),
  SVC_PAID_STORAGE_MB: wholeNumber('must be a whole number of megabytes', 0).optional(),
  SVC_TRIAL_RATE_LIMIT: perMinute().optional(),
  SVC_PAID_RATE_LIMIT: perMinute().optional(),
  SVC_ADDRESS_RATE_LIMIT: perMinute().optional(),
  SVC_REGISTRATION_RATE_LIMIT: perHour().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
});

/**
 * Reads and checks the configuration. On failure returns one line that names the variable, for
 * the process to print before it stops.
 */
export function loadConfig(
  environment: Readonly<Record<string, string | undefined>>,
  cwd: string,
): { ok: true; config: Config } | { ok: false; error: string } {
  // Empty variables count as unset, as shells and compose files often leave them.
  const given = Object.fromEntries(
    Object.entries(environment).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = env.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    return { ok: false, error: `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}` };
  }
  const e = parsed.data;
  const credentials = platformCredentials(given);
  if (!credentials.ok) return credentials;
  const mediaStore = mediaStoreConfig(e, resolve(cwd, e.SVC_DATA_DIR), cwd);
  if (!mediaStore.ok) return mediaStore;
  const http = httpLimitsConfig(e);
  if (!http.ok) return http;
  const signOn = singleSignOnConfig(e);
  if (!signOn.ok) return signOn;
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST ?? null,
      baseUrl: (e.SVC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      dataDir: resolve(cwd, e.SVC_DATA_DIR),
      mediaStore: mediaStore.value,
      databaseUrl: e.DATABASE_URL ?? null,
      mail: mailConfig(e, e.SVC_BASE_URL ?? `http://localhost:${e.PORT}`),
      singleSignOn: signOn.value,
      migrateOnStart: e.SVC_MIGRATE_ON_START,
      databasePoolMax: e.SVC_DATABASE_POOL_MAX,
      databasePreparedStatements: e.SVC_DATABASE_PREPARED_STATEMENTS,
      secret: e.SVC_SECRET ?? null,
      sandbox: e.SVC_SANDBOX ?? Object.keys(credentials.value).length === 0,
      sandboxAccess: { exposed: e.SVC_SANDBOX_EXPOSE, token: e.SVC_SANDBOX_TOKEN ?? null },
      publisher: {
        enabled: e.SVC_PUBLISHER,
        intervalMs: e.SVC_PUBLISHER_INTERVAL_MS,
        leaseMs: e.SVC_PUBLISHER_LEASE_MS,
        concurrency: {
          global: e.SVC_PUBLISHER_CONCURRENCY,
          perPlatform: e.SVC_PUBLISHER_PLATFORM_CONCURRENCY ?? e.SVC_PUBLISHER_CONCURRENCY,
          perAccount: e.SVC_PUBLISHER_ACCOUNT_CONCURRENCY,
        },
        maxAttempts: e.SVC_PUBLISHER_MAX_ATTEMPTS,
      },
      collector: { intervalMs: e.SVC_COLLECTOR_INTERVAL_MS, leaseMs: e.SVC_COLLECTOR_LEASE_MS },
      unsafeAllowPrivateFetch: e.SVC_UNSAFE_ALLOW_PRIVATE_FETCH,
      platformCredentials: credentials.value,
      platforms: platformSettings(e),
      logLevel: e.LOG_LEVEL,
      trustProxy: e.SVC_TRUST_PROXY,
      requireSecondFactor: e.SVC_REQUIRE_SECOND_FACTOR,
      http: http.value,
      metrics: { token: e.SVC_METRICS_TOKEN ?? null, port: e.SVC_METRICS_PORT ?? null },
      rateLimits: {
        perKey: {
          trial: e.SVC_TRIAL_RATE_LIMIT ?? DEFAULT_RATE_LIMITS.perKey.trial,
          paid: e.SVC_PAID_RATE_LIMIT ?? DEFAULT_RATE_LIMITS.perKey.paid,
        },
        perAddress: e.SVC_ADDRESS_RATE_LIMIT ?? DEFAULT_RATE_LIMITS.perAddress,
        registrationsPerHour: e.SVC_REGISTRATION_RATE_LIMIT ?? DEFAULT_RATE_LIMITS.registrationsPerHour,
      },
      tiktok: {
        verifiedMediaPrefix: e.TIKTOK_VERIFIED_MEDIA_PREFIX ?? null,
        pkceEncoding: e.TIKTOK_PKCE_ENCODING,
        photoResendAfterMs: e.TIKTOK_PHOTO_RESEND_AFTER_MS,
      },
      instagramWebhook: {
        verifyToken: e.INSTAGRAM_WEBHOOK_VERIFY_TOKEN ?? null,
        secret: e.INSTAGRAM_WEBHOOK_SECRET ?? null,
      },
      newUserPlan: { plan: e.SVC_DEFAULT_PLAN, trialDays: e.SVC_TRIAL_DAYS },
      planLimits: {
        trial: {
          postsPerMonth: e.SVC_TRIAL_POSTS_PER_MONTH ?? DEFAULT_PLAN_LIMITS.trial.postsPerMonth,
          storageBytes: megabytes(e.SVC_TRIAL_STORAGE_MB) ?? DEFAULT_PLAN_LIMITS.trial.storageBytes,
        },
        paid: {
          postsPerMonth: e.SVC_PAID_POSTS_PER_MONTH ?? DEFAULT_PLAN_LIMITS.paid.postsPerMonth,
          storageBytes: megabytes(e.SVC_PAID_STORAGE_MB) ?? DEFAULT_PLAN_LIMITS.paid.storageBytes,
        },
      },
    },
  };
}

function megabytes(mb: number | undefined): number | undefined {
  return mb === undefined ? undefined : mb * 1024 * 1024;
}

function platformCredentials(
  given: Record<string, string | undefined>,
): { ok: true; value: Config['platformCredentials'] } | { ok: false; error: string } {
  const value: Partial<Record<Platform, { clientId: string; clientSecret: string }>> = {};
  for (const platform of PLATFORMS) {
    const prefix = platform.toUpperCase();
    const clientId = given[`${prefix}_CLIENT_ID`];
    const clientSecret = given[`${prefix}_CLIENT_SECRET`];
    if ((clientId === undefined) !== (clientSecret === undefined)) {
      const missing = clientId === undefined ? `${prefix}_CLIENT_ID` : `${prefix}_CLIENT_SECRET`;
      return {
        ok: false,
        error: `Invalid configuration: ${missing} is missing: set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither`,
      };
    }
    if (clientId !== undefined && clientSecret !== undefined) value[platform] = { clientId, clientSecret };
  }
  return { ok: true, value };
}

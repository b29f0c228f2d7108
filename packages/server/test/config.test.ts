import {
  DEFAULT_NEW_USER_PLAN,
  DEFAULT_PLAN_LIMITS,
  DEFAULT_PLATFORM_FEATURES,
  DEFAULT_RATE_LIMITS,
} from '@svc/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DEFAULT_HTTP_LIMITS } from '../src/index.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');
const errorOf = (env: Record<string, string>) => {
  const result = load(env);
  return result.ok ? null : result.error;
};

describe('loadConfig', () => {
  it('has the defaults of the operating contract', () => {
    expect(load({})).toEqual({
      ok: true,
      config: {
        port: 3000,
        host: null,
        baseUrl: 'http://localhost:3000',
        dataDir: '/srv/app/.svc-data',
        mediaStore: { kind: 'disk' },
        databaseUrl: null,
        mail: null,
        singleSignOn: null,
        migrateOnStart: true,
        databasePoolMax: 10,
        databasePreparedStatements: true,
        secret: null,
        requireSecondFactor: false,
        sandbox: true,
        sandboxAccess: { exposed: false, token: null },
        publisher: {
          enabled: true,
          intervalMs: 60_000,
          leaseMs: 120_000,
          concurrency: { global: 16, perPlatform: 16, perAccount: 1 },
          maxAttempts: 5,
        },
        collector: { intervalMs: 60_000, leaseMs: 300_000 },
        unsafeAllowPrivateFetch: false,
        platformCredentials: {},
        platforms: {
          features: DEFAULT_PLATFORM_FEATURES,
          metaGraphVersion: 'v23.0',
          facebookConfigId: null,
          unsafePlatformHosts: null,
        },
        logLevel: 'info',
        trustProxy: false,
        http: DEFAULT_HTTP_LIMITS,
        metrics: { token: null, port: null },
        planLimits: DEFAULT_PLAN_LIMITS,
        newUserPlan: { plan: 'paid', trialDays: 14 },
        rateLimits: DEFAULT_RATE_LIMITS,
        instagramWebhook: { verifyToken: null, secret: null },
        tiktok: { verifiedMediaPrefix: null, pkceEncoding: 'hex', photoResendAfterMs: 600_000 },
      },
    });
  });

  it('sets the timeouts and the connection cap', () => {
    expect(
      load({
        SVC_HEADERS_TIMEOUT_MS: '5000',
        SVC_BODY_TIMEOUT_MS: '15000',
        SVC_REQUEST_TIMEOUT_MS: '3600000',
        SVC_KEEP_ALIVE_TIMEOUT_MS: '75000',
        SVC_MAX_CONNECTIONS: '2000',
      }),
    ).toMatchObject({
      config: {
        http: {
          headersTimeoutMs: 5000,
          bodyTimeoutMs: 15_000,
          requestTimeoutMs: 3_600_000,
          keepAliveTimeoutMs: 75_000,
          maxConnections: 2000,
        },
      },
    });
  });

  it('sets plan limits', () => {
    const result = load({
      SVC_TRIAL_POSTS_PER_MONTH: '10',
      SVC_PAID_POSTS_PER_MONTH: '50000',
      SVC_TRIAL_STORAGE_MB: '100',
      SVC_PAID_STORAGE_MB: '0',
    });
    expect(result).toMatchObject({
      config: {
        planLimits: {
          trial: { postsPerMonth: 10, storageBytes: 100 * 1024 * 1024 },
          paid: { postsPerMonth: 50_000, storageBytes: 0 },
        },
      },
    });
  });

  it('gives new users the paid plan unless the install chooses trials, and names a bad setting', () => {
    expect(DEFAULT_NEW_USER_PLAN).toEqual({ plan: 'paid', trialDays: 14 });
    expect(load({ SVC_DEFAULT_PLAN: 'Trial', SVC_TRIAL_DAYS: '30' })).toMatchObject({
      config: { newUserPlan: { plan: 'trial', trialDays: 30 } },
    });
    expect(load({ SVC_DEFAULT_PLAN: 'expired' })).toEqual({
      ok: false,
      error: 'Invalid configuration: SVC_DEFAULT_PLAN must be paid or trial',
    });
    expect(load({ SVC_TRIAL_DAYS: '0' })).toEqual({
      ok: false,
      error: 'Invalid configuration: SVC_TRIAL_DAYS must be a whole number of days from 1 to 36500',
    });
  });

  it('sets rate limits in requests per minute, off or 0 turning one off, and names a bad one', () => {
    expect(
      load({ SVC_TRIAL_RATE_LIMIT: '20', SVC_PAID_RATE_LIMIT: 'OFF', SVC_ADDRESS_RATE_LIMIT: '0' }),
    ).toMatchObject({
      config: { rateLimits: { perKey: { trial: 20, paid: 0 }, perAddress: 0 } },
    });
    expect(load({ SVC_PAID_RATE_LIMIT: '1000' })).toMatchObject({
      config: { rateLimits: { perKey: { trial: 120, paid: 1000 }, perAddress: 1200 } },
    });
    expect(load({ SVC_TRIAL_RATE_LIMIT: '2.5' })).toEqual({
      ok: false,
      error:
        'Invalid configuration: SVC_TRIAL_RATE_LIMIT must be a whole number of requests per minute, or off',
    });
    expect(load({ SVC_ADDRESS_RATE_LIMIT: 'lots' })).toMatchObject({ ok: false });
    expect(load({ SVC_REGISTRATION_RATE_LIMIT: '5' })).toMatchObject({
      config: { rateLimits: { registrationsPerHour: 5 } },
    });
    expect(load({ SVC_REGISTRATION_RATE_LIMIT: 'off' })).toMatchObject({
      config: { rateLimits: { registrationsPerHour: 0 } },
    });
    expect(load({ SVC_REGISTRATION_RATE_LIMIT: 'many' })).toEqual({
      ok: false,
      error: 'Invalid configuration: SVC_REGISTRATION_RATE_LIMIT must be a whole number per hour, or off',
    });
  });

  it('reads every variable', () => {
    const result = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      SVC_BASE_URL: 'https://svc.example.com/',
      SVC_DATA_DIR: '/var/lib/svc',
      DATABASE_URL: 'postgres://svc@db.internal:5432/svc',
      SVC_MIGRATE_ON_START: 'off',
      SVC_DATABASE_POOL_MAX: '25',
      SVC_DATABASE_PREPARED_STATEMENTS: 'off',
      SVC_SECRET: 'x'.repeat(40),
      SVC_SANDBOX: 'off',
      SVC_PUBLISHER: 'off',
      SVC_PUBLISHER_INTERVAL_MS: '5000',
      SVC_UNSAFE_ALLOW_PRIVATE_FETCH: '1',
      SVC_TRUST_PROXY: 'true',
      SVC_PUBLISHER_LEASE_MS: '30000',
      SVC_PUBLISHER_CONCURRENCY: '64',
      SVC_PUBLISHER_PLATFORM_CONCURRENCY: '8',
      SVC_PUBLISHER_ACCOUNT_CONCURRENCY: '2',
      SVC_PUBLISHER_MAX_ATTEMPTS: '3',
      LOG_LEVEL: 'warn',
      TIKTOK_CLIENT_ID: 'ck',
      TIKTOK_CLIENT_SECRET: 'cs',
    });
    expect(result).toMatchObject({
      ok: true,
      config: {
        port: 8080,
        host: '127.0.0.1',
        baseUrl: 'https://svc.example.com',
        dataDir: '/var/lib/svc',
        databaseUrl: 'postgres://svc@db.internal:5432/svc',
        migrateOnStart: false,
        databasePoolMax: 25,
        databasePreparedStatements: false,
        secret: 'x'.repeat(40),
        sandbox: false,
        publisher: {
          enabled: false,
          intervalMs: 5000,
          leaseMs: 30_000,
          concurrency: { global: 64, perPlatform: 8, perAccount: 2 },
          maxAttempts: 3,
        },
        unsafeAllowPrivateFetch: true,
        trustProxy: true,
        logLevel: 'warn',
        platformCredentials: { tiktok: { clientId: 'ck', clientSecret: 'cs' } },
      },
    });
  });

  it('reads the metrics token and the metrics port of svc publisher, and names a bad port', () => {
    expect(load({ SVC_METRICS_TOKEN: ' scrape-me ', SVC_METRICS_PORT: '9464' })).toMatchObject({
      config: { metrics: { token: 'scrape-me', port: 9464 } },
    });
    expect(load({ SVC_METRICS_PORT: 'nine' })).toEqual({
      ok: false,
      error: 'Invalid configuration: SVC_METRICS_PORT must be a port number from 0 to 65535',
    });
  });

  it('reads the SMTP server and the From address, defaulting From to the base URL host, and names bad ones', () => {
    expect(
      load({ SVC_SMTP_URL: 'smtps://user:pass@smtp.example.com', SVC_BASE_URL: 'https://svc.example.org' }),
    ).toMatchObject({
      config: { mail: { smtpUrl: 'smtps://user:pass@smtp.example.com', from: 'svc@svc.example.org' } },
    });
    expect(
      load({ SVC_SMTP_URL: 'smtp://127.0.0.1:2525', SVC_MAIL_FROM: 'alerts@example.com' }),
    ).toMatchObject({ config: { mail: { smtpUrl: 'smtp://127.0.0.1:2525', from: 'alerts@example.com' } } });
    expect(load({ SVC_MAIL_FROM: 'alerts@example.com' })).toMatchObject({ config: { mail: null } });
    expect(errorOf({ SVC_SMTP_URL: 'http://smtp.example.com' })).toBe(
      'Invalid configuration: SVC_SMTP_URL must be an smtp:// or smtps:// URL with a host',
    );
    expect(errorOf({ SVC_SMTP_URL: 'smtp://x', SVC_MAIL_FROM: 'not an address' })).toBe(
      'Invalid configuration: SVC_MAIL_FROM must be an e-mail address',
    );
  });

  it("reads the TikTok app's verified media prefix and PKCE encoding, and names bad ones", () => {
    expect(
      load({
        TIKTOK_VERIFIED_MEDIA_PREFIX: 'https://cdn.example.com/svc-media/',
        TIKTOK_PKCE_ENCODING: 'base64url',
      }),
    ).toMatchObject({
      config: {
        tiktok: {
          verifiedMediaPrefix: 'https://cdn.example.com/svc-media/',
          pkceEncoding: 'base64url',
          photoResendAfterMs: 600_000,
        },
      },
    });
    expect(errorOf({ TIKTOK_VERIFIED_MEDIA_PREFIX: 'https://cdn.example.com/svc-media' })).toContain(
      'Invalid configuration: TIKTOK_VERIFIED_MEDIA_PREFIX must end with /',
    );
    expect(errorOf({ TIKTOK_PKCE_ENCODING: 'base64' })).toBe(
      'Invalid configuration: TIKTOK_PKCE_ENCODING must be hex or base64url',
    );
  });

  it('turns the sandbox off by default once real credentials exist, and lets it be forced on', () => {
    const creds = { YOUTUBE_CLIENT_ID: 'a', YOUTUBE_CLIENT_SECRET: 'b' };
    expect(load(creds)).toMatchObject({ config: { sandbox: false } });
    expect(load({ ...creds, SVC_SANDBOX: 'on' })).toMatchObject({ config: { sandbox: true } });
  });

  it('treats empty variables as unset', () => {
    expect(load({ PORT: '', SVC_SECRET: '' })).toMatchObject({
      ok: true,
      config: { port: 3000, secret: null },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SVC_BASE_URL: 'not a url' }, 'SVC_BASE_URL'],
    [{ SVC_BASE_URL: 'ftp://x.example' }, 'SVC_BASE_URL'],
    [{ SVC_SECRET: 'short' }, 'SVC_SECRET'],
    [{ SVC_SANDBOX: 'maybe' }, 'SVC_SANDBOX'],
    [{ SVC_PUBLISHER_INTERVAL_MS: '10' }, 'SVC_PUBLISHER_INTERVAL_MS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SVC_PAID_POSTS_PER_MONTH: '-1' }, 'SVC_PAID_POSTS_PER_MONTH'],
    [{ INSTAGRAM_CLIENT_ID: 'only-half' }, 'INSTAGRAM_CLIENT_SECRET'],
    [{ DATABASE_URL: 'mysql://localhost/svc' }, 'DATABASE_URL'],
    [{ SVC_DATABASE_POOL_MAX: '0' }, 'SVC_DATABASE_POOL_MAX'],
    [{ SVC_MIGRATE_ON_START: 'later' }, 'SVC_MIGRATE_ON_START'],
    [{ SVC_BODY_TIMEOUT_MS: '10' }, 'SVC_BODY_TIMEOUT_MS'],
    [{ SVC_MAX_CONNECTIONS: '0' }, 'SVC_MAX_CONNECTIONS'],
    [{ SVC_HEADERS_TIMEOUT_MS: '60000', SVC_REQUEST_TIMEOUT_MS: '30000' }, 'SVC_HEADERS_TIMEOUT_MS'],
    [{ SVC_BODY_TIMEOUT_MS: '60000', SVC_REQUEST_TIMEOUT_MS: '30000' }, 'SVC_BODY_TIMEOUT_MS'],
  ])('refuses %j with one line naming %s', (env, name) => {
    const error = errorOf(env);
    expect(error).toMatch(new RegExp(`^Invalid configuration: ${name} (must|is) `));
    expect(error).not.toContain('\n');
  });
});

describe('loadConfig: platform apps', () => {
  it('reads the features, the Graph version and the Facebook Login configuration', () => {
    expect(
      load({
        SVC_ANALYTICS: 'off',
        SVC_COMMENT_AUTOMATIONS: 'on',
        SVC_PRIVATE_REPLIES: 'off',
        FACEBOOK_BUSINESS_PAGES: 'on',
        FACEBOOK_CONFIG_ID: '1234567890',
        SVC_META_GRAPH_VERSION: 'v25.0',
      }),
    ).toMatchObject({
      config: {
        platforms: {
          features: {
            analytics: false,
            commentAutomations: true,
            privateReplies: false,
            businessPages: true,
          },
          metaGraphVersion: 'v25.0',
          facebookConfigId: '1234567890',
        },
      },
    });
  });

  it('names a malformed setting', () => {
    expect(load({ SVC_META_GRAPH_VERSION: '23' })).toEqual({
      ok: false,
      error: 'Invalid configuration: SVC_META_GRAPH_VERSION must be a Graph API version such as v23.0',
    });
    expect(load({ FACEBOOK_CONFIG_ID: 'abc' })).toMatchObject({
      error: expect.stringContaining('FACEBOOK_CONFIG_ID must be the numeric id'),
    });
  });
});

import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import {
  type CoreDeps,
  createPostingOptionsCache,
  DEFAULT_POLICY_CONFIG,
  type WebhookSender,
  type WebhookSigner,
} from '@svc/core';
import {
  createAesGcmSecretBox,
  createRandomIdGenerator,
  createStandardWebhookSigner,
  sha256KeyHasher,
  systemClock,
} from '@svc/core/node';
import { createMediaLinks, type InstagramWebhookSettings, type MediaLinks } from '@svc/http';
import { createImageProcessor, createMediaInspector, createThumbnailer } from '@svc/media';
import { createSafeFetcher, createSmtpMailer, createWebhookSender, type SmtpMailer } from '@svc/outbound';
import type { PublisherObserver } from '@svc/publisher';
import { openPostgresStore } from '@svc/store-postgres';
import { openSqliteStore } from '@svc/store-sqlite';
import type { Config } from './config.js';
import { resolveMasterSecret } from './master-secret.js';
import { openBlobStore } from './open-blob-store.js';
import { createPlatformGateways } from './platform-gateways.js';
import { createPublisherSignal, type InProcessPublisherSignal } from './publisher-signal.js';

/** Name of the SQLite database file in the data directory. */
export const DATABASE_FILE = 'svc.db';

/** Name of the folder in the data directory that holds media bytes. */
export const MEDIA_DIR = 'media';

/** How long a signed media link stays valid; platforms may fetch media a while after we ask. */
const MEDIA_LINK_LIFETIME_SECONDS = 24 * 60 * 60;

/** Everything built from the configuration that commands and the server share. */
export type Services = {
  readonly core: CoreDeps;
  readonly publisherSignal: InProcessPublisherSignal;
  readonly mediaLinks: MediaLinks;
  /** Where a media GET redirects (a presigned S3 GET, SVC_MEDIA_REDIRECT); null: streamed by us. */
  readonly mediaRedirect: ((blobKey: string, contentType: string) => Promise<string>) | null;
  /** The key the sandbox signs its tokens and codes with (derived from the master secret). */
  readonly sandboxSecret: string;
  /** How `/webhooks/instagram` checks Meta's deliveries; null: not served. */
  readonly instagramWebhook: InstagramWebhookSettings | null;
  /** Sends outgoing webhooks through the same SSRF guards as media links (docs/webhooks.md). */
  readonly webhookSender: WebhookSender;
  readonly webhookSigner: WebhookSigner;
  /** Sends e-mail through SVC_SMTP_URL (docs/notifications.md); null without it: no e-mail. */
  readonly mailer: SmtpMailer | null;
  /** The key the OAuth authorization server derives its secrets from (cookies, signing key, client secrets). */
  readonly oauthSecret: string;
  /** Hears the background workers (the process's metrics, see withServiceMetrics); absent: nobody. */
  readonly observer?: PublisherObserver;
  /** Releases the database (and on PostgreSQL the wake-ups' connections). */
  close(): Promise<void>;
};

/**
 * Builds every adapter the configuration calls for, with plain factories: the store (PostgreSQL at
 * DATABASE_URL, or SQLite in the data directory; migrated on open), media storage (on disk in the
 * data directory, or in S3 with SVC_MEDIA_STORE), the SSRF-safe fetcher, the Node crypto ports
 * keyed by the master secret, and the core's dependencies.
 */
export async function openServices(config: Config, options: { migrate?: boolean } = {}): Promise<Services> {
  const secret = resolveMasterSecret(config.secret, config.dataDir);
  const migrate = options.migrate ?? config.migrateOnStart;
  const store =
    config.databaseUrl === null
      ? openSqliteStore({ path: join(config.dataDir, DATABASE_FILE), migrate })
      : await openPostgresStore({
          connectionString: config.databaseUrl,
          migrate,
          pool: { max: config.databasePoolMax },
          preparedStatements: config.databasePreparedStatements,
        });
  // Publishers hear of new due posts through the store's wake-ups: at once in this process, and on
  // PostgreSQL in every process on the database (LISTEN/NOTIFY).
  const publisherSignal = createPublisherSignal(store.wakeups, systemClock);
  const media = openBlobStore(config.mediaStore, join(config.dataDir, MEDIA_DIR));
  const { blobs } = media;
  const fetcher = createSafeFetcher({ allowPrivate: config.unsafeAllowPrivateFetch });
  const core: CoreDeps = {
    store,
    clock: systemClock,
    ids: createRandomIdGenerator(systemClock),
    keyHasher: sha256KeyHasher,
    secretBox: createAesGcmSecretBox(secret),
    publisher: publisherSignal,
    policy: DEFAULT_POLICY_CONFIG,
    planLimits: config.planLimits,
    newUserPlan: config.newUserPlan,
    blobs,
    fetcher,
    inspector: createMediaInspector({ blobs }),
    images: createImageProcessor({ blobs }),
    thumbnails: createThumbnailer({ blobs }),
    platforms: createPlatformGateways(config, { clock: systemClock, blobs, fetcher }),
    postingOptionsCache: createPostingOptionsCache(),
  };
  const mediaLinks = createMediaLinks({
    masterSecret: secret,
    baseUrl: config.baseUrl,
    clock: systemClock,
    lifetimeSeconds: MEDIA_LINK_LIFETIME_SECONDS,
  });
  const instagramWebhook = instagramWebhookSettings(config, secret);
  const mailer =
    config.mail === null ? null : createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  const close = async () => {
    mailer?.close();
    await store.close();
    media.close();
  };
  return {
    core,
    publisherSignal,
    mediaLinks,
    mediaRedirect: media.mediaRedirect,
    webhookSender: createWebhookSender({ allowPrivate: config.unsafeAllowPrivateFetch }),
    webhookSigner: createStandardWebhookSigner(),
    mailer,
    sandboxSecret: sandboxSecret(secret),
    oauthSecret: oauthSecret(secret),
    instagramWebhook,
    close,
  };
}

/**
 * How Instagram webhook deliveries are checked: with the real app's secret (or the one set for
 * webhooks) when Instagram is configured, with the simulator's when Instagram runs in the sandbox
 * (there the verify token and the signing secret, unless set, are derived from the master secret
 * like the sandbox's keys, so each install has its own).
 * Null when Instagram is not available at all.
 */
export function instagramWebhookSettings(
  config: Config,
  masterSecret: string,
): InstagramWebhookSettings | null {
  const real = config.platformCredentials.instagram;
  if (real !== undefined) {
    return {
      verifyToken: config.instagramWebhook.verifyToken,
      appSecret: config.instagramWebhook.secret ?? real.clientSecret,
    };
  }
  if (!config.sandbox) return null;
  return {
    verifyToken:
      config.instagramWebhook.verifyToken ??
      createHmac('sha256', masterSecret).update('svc sandbox instagram webhook v1').digest('base64url'),
    // Not the simulated app's published secret: anyone could sign deliveries with that one.
    appSecret: sandboxWebhookSecret(masterSecret),
  };
}

/**
 * The key the sandbox signs its tokens with, derived from the master secret: every process on the
 * same data (API server, publisher, CLI) agrees on it, and it reveals nothing about the master.
 */
export function sandboxSecret(masterSecret: string): string {
  return createHmac('sha256', masterSecret).update('svc sandbox tokens v1').digest('base64url');
}

/** What the sandbox's Instagram signs its comment webhooks with: this install's own secret. */
export function sandboxWebhookSecret(masterSecret: string): string {
  return createHmac('sha256', masterSecret)
    .update('svc sandbox instagram webhook secret v1')
    .digest('base64url');
}

/** The OAuth server's key, derived from the master secret like the sandbox's, for the same reasons. */
export function oauthSecret(masterSecret: string): string {
  return createHmac('sha256', masterSecret).update('svc oauth v1').digest('base64url');
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreDeps, WebhookSender } from '@svc/core';
import type { HttpLogger } from './http-logger.js';
import type { MediaLinks } from './media-links.js';

/** What the HTTP app is built from. */
export type HttpDeps = {
  readonly core: CoreDeps;
  readonly logger: HttpLogger;
  /** Signed links for serving and uploading media. */
  readonly mediaLinks: MediaLinks;
  /**
   * Checks outgoing webhook URLs when subscriptions are made or changed (https, public address);
   * the SSRF-safe sender of @svc/media in production. Sending is the delivery worker's, not ours.
   */
  readonly webhookSender: Pick<WebhookSender, 'checkUrl'>;
  /** The service version, reported by /api/health. */
  readonly version: string;
  /** Trust `X-Forwarded-*` headers (set when running behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** The public base URL, for links and OAuth callbacks (`SVC_BASE_URL`). */
  readonly baseUrl: string;
  /** Handlers served outside Koa, such as the sandbox platforms under /sandbox/. */
  readonly mounts?: readonly RawMount[];
  /** Meta's Instagram webhooks (`/webhooks/instagram`); null or absent: not served. */
  readonly instagramWebhook?: InstagramWebhookSettings | null;
};

/** How Meta's Instagram webhook deliveries are checked. */
export type InstagramWebhookSettings = {
  /**
   * The string entered as "Verify token" in the app dashboard; the handshake echoes Meta's
   * challenge only for it. Null: no handshake succeeds (deliveries are still checked and taken).
   */
  readonly verifyToken: string | null;
  /** The secret Meta signs deliveries with (the Instagram app secret, platforms.md 1.6). */
  readonly appSecret: string;
};

/** A plain Node handler for the paths it owns (the sandbox simulators). */
export type RawMount = {
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
};

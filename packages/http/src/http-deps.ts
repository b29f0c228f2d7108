import type {
  InstagramWebhookSettings,
  Mailer,
  RateLimiter,
  RateLimitSettings,
  WebhookSender,
} from '@svc/core';
import type { SurfaceDeps, WebSurface } from '@svc/web';
import type { HttpLogger } from './http-logger.js';
import type { MediaLinks } from './media-links.js';
import type { RequestObserver } from './request-observer.js';
import type { MetricsExposition } from './routes/metrics-routes.js';

/** What the HTTP app is built from: a surface's parts (the base URL for links and OAuth callbacks), and its own. */
export type HttpDeps = SurfaceDeps<HttpLogger> & {
  /** Signed links for serving and uploading media. */
  readonly mediaLinks: MediaLinks;
  /**
   * When set, a signed media link's GET answers 302 to the URL this gives (a short-lived presigned
   * object-store GET) instead of streaming the bytes through this server; HEAD is still answered
   * here. Null or absent: every answer is streamed by us.
   */
  readonly mediaRedirect?: ((blobKey: string, contentType: string) => Promise<string>) | null;
  /**
   * Checks outgoing webhook URLs when subscriptions are made or changed (https, public address);
   * the SSRF-safe sender of @svc/outbound in production. Sending is the delivery worker's, not ours.
   */
  readonly webhookSender: Pick<WebhookSender, 'checkUrl'>;
  /**
   * Sends invitation e-mails (`SVC_SMTP_URL`); null or absent: e-mail is not configured, and an
   * invitation's answer carries the link for the inviter to pass on (docs/teams.md).
   */
  readonly mailer?: Mailer | null;
  /** The service version, reported by /api/health. */
  readonly version: string;
  /**
   * Requests per minute per API key (by plan) and per client address on /api/v1, shared by every
   * server through the store (docs/rate-limits.md). Absent: no limits (embedding, tests).
   */
  readonly rateLimits?: RateLimitSettings;
  /**
   * What decides them: give every surface of a process the same one (the tool endpoint counts on
   * the same counters), so they share one credit. Absent: the app makes its own over the store.
   */
  readonly rateLimiter?: RateLimiter;
  /** Handlers served outside Koa, such as the sandbox platforms under /sandbox/. */
  readonly mounts?: readonly RawMount[];
  /** Meta's Instagram webhooks (`/webhooks/instagram`); null or absent: not served. */
  readonly instagramWebhook?: InstagramWebhookSettings | null;
  /** `GET /metrics` (docs/operations.md); absent: not served. */
  readonly metrics?: MetricsExposition;
  /** Hears every answered request, routes and mounts alike (the server's metrics). */
  readonly requestObserver?: RequestObserver;
};

/** How Meta's Instagram webhook deliveries are checked (core's type, kept here for this package's users). */
export type { InstagramWebhookSettings };

/** A surface served outside Koa (the tool endpoint, OAuth, the console, the sandbox simulators). */
export type RawMount = WebSurface & {
  /** The one route label metrics count all of its requests under (`/api/mcp`); default `mount`. */
  readonly route?: string;
};
